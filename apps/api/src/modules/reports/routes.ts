import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import { reportInput, reportResponse } from '@safqa/shared/validation/reports';
import { perIp } from '../../lib/rate-limit';
import fp from 'fastify-plugin';
import adminReportsRoutes from './admin-routes';
import { createReportsService, type ReportsService } from './service';

const e = errorBody;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reports and the admins' queue of them. */
    reports: ReportsService;
  }
}

/** Reports (API.md "Trust and safety"): anyone signed in reports; admins decide (admin-routes.ts). */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createReportsService({
    db: app.db,
    notifier: app.notifier,
    publicUrl: app.config.publicUrl,
    opportunities: app.opportunities,
    users: app.users,
    audit: app.audit,
    chat: app.chat,
    admin: app.admin,
  });
  app.decorate('reports', service);

  app.post(
    '/api/reports',
    {
      onRequest: app.requireUser,
      // A report is a considered act: a handful a minute is plenty, and it keeps the queue clean.
      config: { rateLimit: perIp(app.config, 10, '1 minute') },
      schema: {
        tags: ['reports'],
        summary:
          'Report a listing, a user or a chat message; 404 unless the caller can see it, 403 for one’s own, 409 ALREADY_REPORTED while the caller’s report on it is open',
        body: reportInput,
        response: { 201: reportResponse, 400: e, 401: e, 403: e, 404: e, 409: e, 429: e },
      },
    },
    async (request, reply) => {
      const report = await service.create(request.user!, request.body);
      return reply.code(201).send({ report });
    },
  );

  await app.register(adminReportsRoutes);
};

export default fp(reportsRoutes, {
  name: 'reports',
  dependencies: ['auth', 'errors', 'notifications', 'opportunities', 'users', 'admin', 'chat', 'audit'],
});
