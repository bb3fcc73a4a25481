import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, pagedResponse } from '@safqa/shared/validation/common';
import {
  adminErrorLog,
  errorLogListQuery,
  errorLogParams,
  errorLogPatch,
  errorLogStats,
  errorLogStatsQuery,
} from '@safqa/shared/validation/error-logs';
import { guardEveryRoute } from '../../plugins/auth';

const e = errorBody;

/** The admin error-log screens. The role check is the first onRequest hook of each of its routes. */
const adminErrorLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);

  app.get(
    '/api/admin/error-logs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Error logs of the last 7, 14 or 30 days, newest first, optionally by resolved',
        querystring: errorLogListQuery,
        response: { 200: pagedResponse(adminErrorLog), 400: e, 401: e, 403: e },
      },
    },
    async (request) => app.errorLogs.list(request.query),
  );

  app.get(
    '/api/admin/error-logs/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Totals, a count per day and the top endpoints of the last 7, 14 or 30 days',
        querystring: errorLogStatsQuery,
        response: { 200: errorLogStats, 400: e, 401: e, 403: e },
      },
    },
    async (request) => app.errorLogs.stats(request.query.days),
  );

  app.patch(
    '/api/admin/error-logs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a log resolved or unresolved',
        params: errorLogParams,
        body: errorLogPatch,
        response: { 200: adminErrorLog, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => app.errorLogs.setResolved(request.params.id, request.body.resolved),
  );
};

export default adminErrorLogsRoutes;
