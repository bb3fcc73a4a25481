import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuery, auditLogResponse } from '@safqa/shared/validation/audit';
import { errorBody } from '@safqa/shared/validation/common';
import { guardEveryRoute } from '../../plugins/auth';
import { createAuditService, type AuditService } from './service';

const e = errorBody;

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log, for every area that records its writes (`record`, `audited`) and the admin view. */
    audit: AuditService;
  }
}

/**
 * The audit log (API.md "Trust and safety"): admins read it; every area writes to it through
 * app.audit in the transaction of its change. Security events arrive through app.securityEvents
 * (plugins/security-events.ts) and are written as they are emitted.
 */
const auditPlugin: FastifyPluginAsyncZod = async (app) => {
  const service = createAuditService({ db: app.db, users: app.users });
  app.decorate('audit', service);

  const unsubscribe = app.securityEvents.subscribe(async (event) => {
    const details: Record<string, unknown> = { ...event.detail };
    if (event.sessionId) details.sessionId = event.sessionId;
    if (event.userAgent) details.userAgent = event.userAgent.slice(0, 300);
    await service.record(app.db, {
      action: `security.${event.type}`,
      targetType: 'user',
      targetId: event.userId ?? null,
      actorId: event.userId ?? null,
      ip: event.ip ?? null,
      details,
    });
  });
  app.addHook('onClose', async () => void unsubscribe());

  await app.register(adminAuditRoutes);
};

/** The admin read, in its own scope: the admin guard and the no-store header cover it alone. */
const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/api/admin/audit-log',
    {
      config: { expensiveList: true },
      schema: {
        tags: ['admin'],
        summary:
          'The audit log, newest first: every admin write and security event; filter by actor, action, target and days',
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, 400: e, 401: e, 403: e },
      },
    },
    async (request) => app.audit.list(request.query),
  );
};

export default fp(auditPlugin, {
  name: 'audit',
  dependencies: ['auth', 'database', 'request-context', 'security-events', 'users'],
});
