import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams, pagedResponse } from '@safqa/shared/validation/common';
import {
  adminReport,
  adminReportQuery,
  reportDecisionInput,
  reportResponse,
} from '@safqa/shared/validation/reports';
import { guardEveryRoute } from '../../plugins/auth';

const e = errorBody;

/** The reports queue (API.md "Trust and safety"), every route behind requireAdmin. */
const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/admin/reports',
    {
      config: { expensiveList: true },
      schema: {
        tags: ['reports'],
        summary: 'Reports of one status (open first-come first), each with a summary of its target',
        querystring: adminReportQuery,
        response: { 200: pagedResponse(adminReport), 400: e, 401: e, 403: e },
      },
    },
    async (request) => app.reports.list(request.user!, request.query),
  );

  app.patch(
    '/api/admin/reports/:id',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Resolve (with an action fitting the target) or dismiss an open report; the action is applied and the reporter notified in the same transaction; 409 when already decided',
        params: idParams,
        body: reportDecisionInput,
        response: { 200: reportResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => ({ report: await app.reports.decide(request.user!, request.params.id, request.body) }),
  );
};

export default adminReportsRoutes;
