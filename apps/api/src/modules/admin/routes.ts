import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStats,
  adminUser,
  adminUserPatch,
  adminUserQuery,
  moderationListResponse,
  moderationQuery,
  rejectInput,
  statusHistoryResponse,
  suspendInput,
  verifiedInput,
} from '@safqa/shared/validation/admin';
import { errorBody, idParams, noBody, pagedResponse } from '@safqa/shared/validation/common';
import { opportunityDetail, opportunityIdParams } from '@safqa/shared/validation/opportunities';
import fp from 'fastify-plugin';
import { guardEveryRoute } from '../../plugins/auth';
import { createAdminService, type AdminService } from './service';

const e = errorBody;

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin area, for the reports queue (a report's action moderates a listing or a user). */
    admin: AdminService;
  }
}

/**
 * The admin area (API.md "Admin"): dashboard, moderation and users. Every route here is behind
 * requireAdmin, the first onRequest hook of each route, before parsing and validation: 401 signed out, 403
 * unless role admin. Lookups, FAQs, error logs and contact messages register their admin routes in
 * their own modules the same way.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const { admin, opportunities } = app;

  app.get(
    '/api/admin/stats',
    {
      config: { expensiveList: true },
      schema: {
        tags: ['admin'],
        summary:
          'Dashboard: users, listings by status, offers, chats, unresolved errors; page views, sign-ups and new listings per day (30 days); top pages',
        response: { 200: adminStats, 401: e, 403: e },
      },
    },
    async () => admin.stats(),
  );

  app.get(
    '/api/admin/opportunities',
    {
      config: { expensiveList: true },
      schema: {
        tags: ['admin'],
        summary:
          'Listings of one status (pending first-come first) with full details, and every status count',
        querystring: moderationQuery,
        response: { 200: moderationListResponse, 400: e, 401: e, 403: e },
      },
    },
    async (request) => opportunities.moderationQueue(request.query, request.user!),
  );

  app.get(
    '/api/admin/opportunities/:id/history',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every status change of a listing: from, to, why, who and when',
        params: opportunityIdParams,
        response: { 200: statusHistoryResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => ({ data: await opportunities.moderationHistory(request.params.id) }),
  );

  const transitions = {
    approve: 'Approve a pending (or rejected) listing; the owner is emailed',
    reinstate: 'Put a suspended listing back on show (approved); the owner is emailed',
  } as const;
  for (const [action, summary] of Object.entries(transitions) as [keyof typeof transitions, string][]) {
    app.post(
      `/api/admin/opportunities/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary: `${summary}; 409 INVALID_STATUS_TRANSITION from any other status`,
          params: opportunityIdParams,
          body: noBody,
          response: { 200: opportunityDetail, 400: e, 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (request) => admin.moderate(request.params.id, request.user!, action, null),
    );
  }

  app.post(
    '/api/admin/opportunities/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reject a listing with a reason (at least 10 characters); the owner is emailed the reason; 409 when already rejected',
        params: opportunityIdParams,
        body: rejectInput,
        response: { 200: opportunityDetail, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => admin.moderate(request.params.id, request.user!, 'reject', request.body.reason),
  );

  app.post(
    '/api/admin/opportunities/:id/suspend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Take an approved listing off show, optionally saying why; the owner is emailed',
        params: opportunityIdParams,
        body: suspendInput.optional(),
        response: { 200: opportunityDetail, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) =>
      admin.moderate(request.params.id, request.user!, 'suspend', request.body?.reason ?? null),
  );

  app.put(
    '/api/admin/opportunities/:id/verified',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give or take away the verified badge',
        params: opportunityIdParams,
        body: verifiedInput,
        response: { 200: opportunityDetail, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => admin.setVerified(request.params.id, request.user!, request.body.isVerified),
  );

  app.get(
    '/api/admin/users',
    {
      config: { expensiveList: true },
      schema: {
        tags: ['admin'],
        summary:
          'Users, newest first; q (3-100 characters) matches a fragment of the username, email or phone; optional role filter; walk further with ?cursor= from pagination.nextCursor; total stops at 10,000 (totalCapped)',
        querystring: adminUserQuery,
        response: { 200: pagedResponse(adminUser), 400: e, 401: e, 403: e },
      },
    },
    async (request) => admin.listUsers(request.query),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Suspend a user with a reason (10-500 characters; every session ends at once, the listings are hidden, the user is emailed) or reinstate them, 403 for an admin or oneself; or grant or revoke the admin role (acts on the next request), 403 for oneself, 409 LAST_ADMIN for the last active admin',
        params: idParams,
        body: adminUserPatch,
        response: { 200: adminUser, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => {
      const body = request.body;
      if ('role' in body) return admin.setUserRole(request.user!, request.params.id, body);
      return admin.setUserStatus(request.user!, request.params.id, body);
    },
  );
};

/** Builds the service for the whole app, then the routes in their own guarded scope. */
const adminPlugin: FastifyPluginAsyncZod = async (app) => {
  app.decorate(
    'admin',
    createAdminService({
      db: app.db,
      mailer: app.mailer,
      notifier: app.notifier,
      publicUrl: app.config.publicUrl,
      sessionLiveness: app.sessionLiveness,
      opportunities: app.opportunities,
      users: app.users,
      savedSearches: app.savedSearches,
      audit: app.audit,
      auth: app.auth,
      analytics: app.analytics,
      errorLogs: app.errorLogs,
    }),
  );
  await app.register(adminRoutes);
};

export default fp(adminPlugin, {
  name: 'admin',
  dependencies: [
    'auth',
    'errors',
    'mailer',
    'notifications',
    'session-liveness',
    'opportunities',
    'users',
    'saved-searches',
    'auth-module',
    'analytics',
    'audit',
    'error-logs',
  ],
});
