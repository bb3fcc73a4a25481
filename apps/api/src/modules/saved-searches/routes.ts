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
} from '@safqa/shared/validation/saved-searches';
import fp from 'fastify-plugin';
import { storeServerError } from '../../plugins/errors';
import { DIGEST_SCHEDULE, MATCH_JOB } from './alerts';
import { createSavedSearchesService, type SavedSearchesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Saved searches and their alerts; the admin area queues a listing's matching when it approves it. */
    savedSearches: SavedSearchesService;
  }
}

/**
 * API.md "Saved searches". Every route but unsubscribe acts on the caller's own searches only:
 * someone else's id answers 404, exactly like an id that does not exist.
 */
const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['saved-searches'];
  const errors = { 400: errorBody, 401: errorBody };
  const service = createSavedSearchesService({
    db: app.db,
    notifier: app.notifier,
    mailer: app.mailer,
    jobs: app.jobs,
    users: app.users,
    publicUrl: app.config.publicUrl,
    jwtSecret: app.config.jwtSecret,
    storeError: (entry) => storeServerError(app, entry),
  });
  app.decorate('savedSearches', service);
  app.jobs.define<{ opportunityId: number }>(MATCH_JOB, async ({ opportunityId }, { now, log }) =>
    service.matchListing(opportunityId, now, log),
  );
  app.jobs.every(DIGEST_SCHEDULE, 60 * 60 * 1000, async ({ now, log }) => service.sendDigests(now, log));

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
      return service.list(request.user!.id);
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
    async (request, reply) => reply.status(201).send(await service.create(request.user!.id, request.body)),
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
    async (request) => service.update(request.user!.id, request.params.id, request.body),
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
      await service.markSeen(request.user!.id, request.params.id, new Date());
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
      await service.remove(request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  /** `List-Unsubscribe=One-Click` is 26 bytes; a client's extra fields still fit. */
  const ONE_CLICK_BODY_LIMIT = 1024;
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
    async (request) => service.unsubscribe(request.query.token, request.lang),
  );
  await app.register(async (oneClick) => {
    // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; the token in the
    // URL is all that counts, so the body is read (bounded) and ignored. Only in this scope: every
    // other route takes JSON only (request-guards.ts), so a form post there stays a 415.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (_request, _body, done) => done(null, {}),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      '/api/saved-searches/unsubscribe',
      {
        schema: {
          ...unsubscribeSchema,
          summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post); no sign-in, no CSRF token',
        },
        // Any body, JSON too, is refused past a form's few bytes before it is read: an anonymous
        // route must not parse a 1 MB body it ignores (issue 42).
        bodyLimit: ONE_CLICK_BODY_LIMIT,
      },
      async (request) => service.unsubscribe(request.query.token, request.lang),
    );
  });
};

export default fp(savedSearchesRoutes, {
  name: 'saved-searches',
  dependencies: ['auth', 'errors', 'jobs', 'notifications', 'mailer', 'users'],
});
