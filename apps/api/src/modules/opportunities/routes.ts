import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { advisorCard, advisorsQuery } from '@safqa/shared/validation/advisors';
import { errorBody, pagedResponse } from '@safqa/shared/validation/common';
import {
  opportunityCard,
  opportunityDetail,
  opportunityIdParams,
  opportunityInput,
  searchQuery,
  topOpportunitiesResponse,
} from '@safqa/shared/validation/opportunities';
import { issueVisitorCookie, viewerOf } from '../../lib/viewer';
import { registerViewAddressPruning } from './view-addresses';
import { createModerationRepository } from './moderation-repository';
import { createOpportunitiesRepository } from './repository';
import { createOpportunitiesService, type OpportunitiesService } from './service';
import meRoutes from './me-routes';
import teaserRoutes from './teaser/teaser-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opportunity rules for other modules (admin moderation, offers, chat): visibility, status changes. */
    opportunities: OpportunitiesService;
  }
}

const e = errorBody;

const opportunitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createOpportunitiesService({
    repo: createOpportunitiesRepository(app.db),
    moderation: createModerationRepository(app.db),
    uploads: app.uploads,
    users: app.users,
    // The data room registers later (it needs this area), so it is asked at the time of each read.
    accessLookup: (opportunityId, userId) => app.dataRoom.statusOf(opportunityId, userId),
    onViewError: (error) => app.log.warn({ err: error }, 'could not count a view'),
  });
  app.decorate('opportunities', service);
  registerViewAddressPruning(app);

  app.get(
    '/api/opportunities/top',
    {
      config: { publicRead: true },
      schema: {
        tags: ['opportunities'],
        summary: 'At most 12 approved opportunities ranked by recent views, offers and bookmarks',
        response: { 200: topOpportunitiesResponse, 429: e },
      },
    },
    async (_request, reply) => {
      // Sent as the cached JSON text: no per-request serialisation.
      const body = (await service.topBody()) as unknown as z.infer<typeof topOpportunitiesResponse>;
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=30')
        .send(body);
    },
  );

  app.get(
    '/api/opportunities',
    {
      config: { publicRead: true },
      schema: {
        tags: ['opportunities'],
        summary: 'Search approved opportunities (text, filters, sort, pages)',
        querystring: searchQuery,
        response: { 200: pagedResponse(opportunityCard), 400: e },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    '/api/opportunities/:id',
    {
      config: { publicRead: true },
      schema: {
        tags: ['opportunities'],
        summary: 'One opportunity; financials, documents and contact details only for signed-in callers',
        params: opportunityIdParams,
        response: { 200: opportunityDetail, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      issueVisitorCookie(request, reply, app.config.isProduction);
      return service.detail(request.params.id, request.user, viewerOf(request));
    },
  );

  app.post(
    '/api/opportunities',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['opportunities'],
        summary: 'List a new opportunity; it waits for review (status pending)',
        body: opportunityInput,
        response: { 201: opportunityDetail, 400: e, 401: e },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.user!, request.body)),
  );

  app.put(
    '/api/opportunities/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['opportunities'],
        summary: 'Edit your opportunity; it goes back to review (pending) and loses its rejection reason',
        params: opportunityIdParams,
        body: opportunityInput,
        response: { 200: opportunityDetail, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => service.update(request.params.id, request.user!, request.body),
  );

  app.delete(
    '/api/opportunities/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['opportunities'],
        summary:
          'Delete an opportunity (its owner or an admin); 409 LISTING_HAS_DEAL while a deal is past its LOI',
        params: opportunityIdParams,
        response: { 204: z.null(), 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id, request.user!);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/opportunities/:id/advisors',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['opportunities'],
        summary: "Advisors for an opportunity's business type (or ?businessTypeId=)",
        params: opportunityIdParams,
        querystring: advisorsQuery,
        response: { 200: pagedResponse(advisorCard), 400: e, 401: e, 404: e },
      },
    },
    async (request) => {
      const opportunity = await service.visible(request.params.id, request.user);
      const businessTypeId = request.query.businessTypeId ?? opportunity.businessTypeId;
      return app.advisors.forBusinessType(businessTypeId, request.query);
    },
  );

  await app.register(meRoutes);
  await app.register(teaserRoutes);
};

export default fp(opportunitiesRoutes, {
  name: 'opportunities',
  dependencies: ['auth', 'errors', 'users', 'uploads', 'advisors', 'content-versions'],
});
