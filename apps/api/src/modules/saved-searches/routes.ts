import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, noBody } from '@safqa/shared/validation/common';
import {
  SAVED_SEARCHES_MAX,
  messageResponse,
  savedSearchIdParams,
  savedSearchInput,
  savedSearchListResponse,
  savedSearchResponse,
  unsubscribeQuery,
  type SavedSearch,
} from '@safqa/shared/validation/saved-searches';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { registerAlertJobs } from './alerts';
import * as repo from './repository';
import { readUnsubscribeToken } from './unsubscribe-token';
import { roundedAmounts } from './stored-query';

function toSavedSearch(row: repo.SavedSearchRow, newMatches: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: roundedAmounts(row.query),
    frequency: row.frequency,
    newMatches,
    lastNotifiedAt: row.lastNotifiedAt ? row.lastNotifiedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const UNSUBSCRIBED = {
  ar: 'أوقفنا تنبيهات هذا البحث. يمكنك تشغيلها من جديد من صفحة حسابك.',
  en: 'Alerts for this search are off. You can turn them back on from your profile.',
};

/**
 * API.md "Saved searches". Every route but unsubscribe acts on the caller's own searches only:
 * someone else's id answers 404, exactly like an id that does not exist.
 */
const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['saved-searches'];
  const errors = { 400: errorBody, 401: errorBody };
  registerAlertJobs(app);

  app.get(
    '/api/saved-searches',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s saved searches, newest first',
        response: { 200: savedSearchListResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await repo.searchesOf(app.db, request.user!.id);
      return { data: rows.map((row) => toSavedSearch(row, row.newMatches)) };
    },
  );

  app.post(
    '/api/saved-searches',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: `Save the current filters under a name (at most ${SAVED_SEARCHES_MAX} per user)`,
        body: savedSearchInput,
        response: { 201: savedSearchResponse, 409: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const row = await app.db.transaction(async (tx: Db) => {
        await repo.lockUser(tx, userId);
        if ((await repo.countSearches(tx, userId)) >= SAVED_SEARCHES_MAX)
          throw new AppError(409, 'LIMIT_REACHED');
        return repo.insertSearch(tx, userId, request.body);
      });
      return reply.status(201).send({ data: toSavedSearch(row, 0) });
    },
  );

  app.put(
    '/api/saved-searches/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Rename, change the filters or the frequency of one of the caller’s searches',
        params: savedSearchIdParams,
        body: savedSearchInput,
        response: { 200: savedSearchResponse, 404: errorBody, ...errors },
      },
    },
    async (request) => {
      const row = await repo.updateSearch(app.db, request.params.id, request.user!.id, request.body);
      if (!row) throw new AppError(404, 'NOT_FOUND');
      return { data: toSavedSearch(row, await repo.newMatchesOf(app.db, row)) };
    },
  );

  app.post(
    '/api/saved-searches/:id/seen',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The caller opened this search: its new matches count from now',
        params: savedSearchIdParams,
        body: noBody,
        response: { 204: z.null(), 404: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await repo.markSeen(app.db, request.params.id, request.user!.id, new Date()))) {
        throw new AppError(404, 'NOT_FOUND');
      }
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Delete one of the caller’s searches',
        params: savedSearchIdParams,
        response: { 204: z.null(), 404: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await repo.deleteSearch(app.db, request.params.id, request.user!.id))) {
        throw new AppError(404, 'NOT_FOUND');
      }
      return reply.status(204).send(null);
    },
  );

  const unsubscribe = async (token: string, lang: 'ar' | 'en') => {
    const id = readUnsubscribeToken(app.config.jwtSecret, token);
    // A deleted search is as good as unsubscribed; a token we did not make is refused.
    if (id === null) throw new AppError(400, 'TOKEN_INVALID');
    await repo.switchOff(app.db, id);
    return { message: UNSUBSCRIBED[lang] };
  };
  const unsubscribeSchema = {
    tags,
    querystring: unsubscribeQuery,
    response: { 200: messageResponse, 400: errorBody },
  };

  app.get(
    '/api/saved-searches/unsubscribe',
    {
      schema: {
        ...unsubscribeSchema,
        summary: 'Switch the alerts of the search in the token off (no sign-in)',
      },
    },
    async (request) => unsubscribe(request.query.token, request.lang),
  );
  await app.register(async (oneClick) => {
    // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; the token in the
    // URL is all that counts, so the body is read (bounded) and ignored. Only in this scope: every
    // other route takes JSON only (request-guards.ts), so a form post there stays a 415.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/api/saved-searches/unsubscribe',
      {
        schema: {
          ...unsubscribeSchema,
          summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post); no sign-in, no CSRF token',
        },
      },
      async (request) => unsubscribe(request.query.token, request.lang),
    );
  });
};

export default savedSearchesRoutes;
