import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@safqa/shared/validation/common';
import {
  adminVerificationsQuery,
  adminVerificationsResponse,
  verificationDecisionInput,
  verificationDecisionResponse,
} from '@safqa/shared/validation/verifications';
import { guardEveryRoute } from '../../plugins/auth';

const e = errorBody;
const tags = ['trust'];

/** The admins' "Verifications" tab (API.md "Trust and safety"). Every route needs the admin role. */
const adminVerificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.verifications;
  guardEveryRoute(app, app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/admin/verifications',
    {
      schema: {
        tags,
        summary: 'Verification requests, newest first, each with its user and a one-minute link to the file',
        querystring: adminVerificationsQuery,
        response: { 200: adminVerificationsResponse, 400: e, 401: e, 403: e },
      },
    },
    async (request) => service.page(request.user!, request.query),
  );

  app.patch(
    '/api/admin/verifications/:id',
    {
      schema: {
        tags,
        summary: 'Approve a verification request, or reject it with a reason (10-500 characters)',
        description:
          'The user is emailed and notified; the decision is audited in the same transaction. A rejected ' +
          'request’s file is deleted, and so is the file of an earlier approval a new one supersedes. ' +
          'Deciding again: 409 INVALID_STATUS_TRANSITION.',
        params: idParams,
        body: verificationDecisionInput,
        response: { 200: verificationDecisionResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => ({
      verification: await service.decide(request.user!, request.params.id, request.body),
    }),
  );
};

export default adminVerificationsRoutes;
