import { errorBody } from '@safqa/shared/validation/common';
import { dealsQuery, dealsResponse } from '@safqa/shared/validation/deals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paged } from '../../lib/paged';
import { guardEveryRoute } from '../../plugins/auth';

const e = errorBody;

/** The support view of every deal (read only): stage, parties, age. */
const adminDealsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/admin/deals',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every deal, most recently changed first (read only, for support)',
        querystring: dealsQuery,
        response: { 200: dealsResponse, 400: e, 401: e, 403: e },
      },
    },
    async (request) => {
      const { page, pageSize, stage } = request.query;
      const { data, total } = await app.deals.list(request.user!, stage, page, pageSize, true);
      return paged(data, page, pageSize, total);
    },
  );
};

export default adminDealsRoutes;
