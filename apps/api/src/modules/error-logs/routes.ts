import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptedResponse, errorBody } from '@safqa/shared/validation/common';
import { clientErrorInput } from '@safqa/shared/validation/error-logs';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';
import adminErrorLogsRoutes from './admin-routes';
import { recordClientError } from './service';

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
      await recordClientError(app.db, request.body);
      return reply.status(202).send({ accepted: true });
    },
  );

  await app.register(adminErrorLogsRoutes);
};

export default errorLogsRoutes;
