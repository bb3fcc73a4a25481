import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, noBody, pagedResponse } from '@safqa/shared/validation/common';
import {
  favoriteCard,
  favoriteParams,
  favoritesQuery,
  myOpportunitiesQuery,
  myOpportunityCard,
} from '@safqa/shared/validation/opportunities';

const e = errorBody;

/** The signed-in user's own lists: their opportunities and their bookmarks. */
const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.opportunities;

  app.get(
    '/api/users/me/opportunities',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['opportunities'],
        summary: 'Your opportunities in every status, with rejection reason and counts',
        querystring: myOpportunitiesQuery,
        response: { 200: pagedResponse(myOpportunityCard), 400: e, 401: e },
      },
    },
    async (request) => service.mine(request.user!, request.query),
  );

  app.get(
    '/api/favorites',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Your bookmarked opportunities, newest bookmark first',
        description:
          'Approved listings, your own, and listings back under review after an edit (`underReview: true`).',
        querystring: favoritesQuery,
        response: { 200: pagedResponse(favoriteCard), 400: e, 401: e },
      },
    },
    async (request) => service.favorites(request.user!, request.query.page, request.query.pageSize),
  );

  app.post(
    '/api/favorites/:opportunityId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Bookmark an approved opportunity (or your own); repeating it changes nothing',
        params: favoriteParams,
        body: noBody,
        response: { 204: z.null(), 400: e, 401: e, 404: e },
      },
    },
    async (request, reply) => {
      await service.addFavorite(request.user!, request.params.opportunityId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/favorites/:opportunityId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['favorites'],
        summary: 'Remove a bookmark; repeating it changes nothing',
        params: favoriteParams,
        response: { 204: z.null(), 401: e },
      },
    },
    async (request, reply) => {
      await service.removeFavorite(request.user!, request.params.opportunityId);
      return reply.status(204).send(null);
    },
  );
};

export default meRoutes;
