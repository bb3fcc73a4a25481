import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsEventInput } from '@safqa/shared/validation/analytics';
import { acceptedResponse, errorBody } from '@safqa/shared/validation/common';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';
import { recordEvent } from './service';

const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/analytics/events',
    {
      config: { rateLimit: perIp(app.config, 120, '1 minute') },
      bodyLimit: ANONYMOUS_BODY_LIMITS.form,
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view or a named product event (the signed-in user is attached when known)',
        body: analyticsEventInput,
        response: { 202: acceptedResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await recordEvent(app.db, request.body, request.user?.id ?? null);
      return reply.status(202).send({ accepted: true });
    },
  );
};

export default analyticsRoutes;
