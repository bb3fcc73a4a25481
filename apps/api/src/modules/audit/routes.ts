import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuery, auditLogResponse } from '@safqa/shared/validation/audit';
import { errorBody } from '@safqa/shared/validation/common';
import { guardEveryRoute } from '../../plugins/auth';
import { listAuditLog, recordAudit } from './service';

const e = errorBody;

/**
 * The audit log (API.md "Trust and safety"): admins read it; every area writes to it through
 * recordAudit/audited (service.ts) in the transaction of its change. Security events arrive through
 * app.securityEvents (plugins/security-events.ts) and are written as they are emitted.
 */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribe = app.securityEvents.subscribe(async (event) => {
    const details: Record<string, unknown> = { ...event.detail };
    if (event.sessionId) details.sessionId = event.sessionId;
    if (event.userAgent) details.userAgent = event.userAgent.slice(0, 300);
    await recordAudit(app.db, {
      action: `security.${event.type}`,
      targetType: 'user',
      targetId: event.userId ?? null,
      actorId: event.userId ?? null,
      ip: event.ip ?? null,
      details,
    });
  });
  app.addHook('onClose', async () => void unsubscribe());

  guardEveryRoute(app, app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit log, newest first: every admin write and security event; filter by actor, action, target and days',
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, 400: e, 401: e, 403: e },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );
};

export default auditRoutes;
