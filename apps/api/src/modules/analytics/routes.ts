import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsEventInput } from '@safqa/shared/validation/analytics';
import { acceptedResponse, errorBody } from '@safqa/shared/validation/common';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';
import { createAnalyticsService, type AnalyticsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Product analytics: events from the web app, and the figures of the admin dashboard. */
    analytics: AnalyticsService;
  }
}

const analyticsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.decorate('analytics', createAnalyticsService({ db: app.db }));
  await app.register(analyticsRoutes);
};

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
      await app.analytics.record(request.body, request.user?.id ?? null);
      return reply.status(202).send({ accepted: true });
    },
  );
};

export default fp(analyticsPlugin, { name: 'analytics', dependencies: ['auth', 'errors'] });
