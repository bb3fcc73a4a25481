import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import {
  insightsQuery,
  insightsResponse,
  valuationCheckInput,
  valuationResponse,
  type InsightDays,
} from '@safqa/shared/validation/insights';
import { opportunityIdParams } from '@safqa/shared/validation/opportunities';
import { createInsightsService, type InsightsService } from './service';

const e = errorBody;

declare module 'fastify' {
  interface FastifyInstance {
    /** A listing's audience for its owner, and the valuation check. */
    insights: InsightsService;
  }
}

/** API.md "Insights": a listing's audience for its owner, and the valuation check. */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInsightsService({ db: app.db, opportunities: app.opportunities });
  app.decorate('insights', service);
  // Part of the opportunities area (DESIGN.md "Areas"), as the web side is.
  const tags = ['opportunities'];

  app.get(
    '/api/opportunities/:id/insights',
    {
      config: { expensiveList: true },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Views (one per viewer per UTC day), unique viewers, bookmarks, offers, chats and access requests of your listing over the last 7, 30 or 90 UTC days (owner or admin)',
        params: opportunityIdParams,
        querystring: insightsQuery,
        response: { 200: insightsResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.insights(request.params.id, request.user!, request.query.days as InsightDays);
    },
  );

  app.get(
    '/api/opportunities/:id/valuation',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "The listing's implied valuation and multiples against approved listings of its business type",
        params: opportunityIdParams,
        response: { 200: valuationResponse, 400: e, 401: e, 404: e },
      },
    },
    async (request) => service.ofListing(request.params.id, request.user!),
  );

  app.post(
    '/api/valuation/check',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Valuation check of figures being typed (the wizard): multiples are null when EBITDA or sales are not positive',
        body: valuationCheckInput,
        response: { 200: valuationResponse, 400: e, 401: e },
      },
    },
    async (request) => service.check(request.body),
  );
};

export default fp(insightsRoutes, { name: 'insights', dependencies: ['auth', 'errors', 'opportunities'] });
