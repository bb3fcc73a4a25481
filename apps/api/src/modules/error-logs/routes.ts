import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptedResponse, errorBody } from '@safqa/shared/validation/common';
import { clientErrorInput } from '@safqa/shared/validation/error-logs';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';
import adminErrorLogsRoutes from './admin-routes';
import { createErrorLogsService, type ErrorLogsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The error logs: crash reports of the web app, the admin screens, the dashboard's count. */
    errorLogs: ErrorLogsService;
  }
}

const errorLogsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.decorate('errorLogs', createErrorLogsService({ db: app.db, audit: app.audit }));
  await app.register(errorLogsRoutes);
  await app.register(adminErrorLogsRoutes);
};

const errorLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/error-logs',
    {
      // A crash loop in one browser must not flood the table the admins read.
      config: { rateLimit: perIp(app.config, 20, '1 minute') },
      bodyLimit: ANONYMOUS_BODY_LIMITS.crashReport,
      schema: {
        tags: ['error-logs'],
        summary: 'Report a crash of the web app (stored with source client)',
        body: clientErrorInput,
        response: { 202: acceptedResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await app.errorLogs.recordClientError(request.body);
      return reply.status(202).send({ accepted: true });
    },
  );
};

export default fp(errorLogsPlugin, { name: 'error-logs', dependencies: ['audit', 'auth', 'errors'] });
