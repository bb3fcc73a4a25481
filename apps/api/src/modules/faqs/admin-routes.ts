import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@safqa/shared/validation/common';
import {
  adminFaqListResponse,
  adminFaqResponse,
  faqInput,
  faqOrderInput,
  faqParams,
} from '@safqa/shared/validation/faqs';
import { guardEveryRoute } from '../../plugins/auth';

const e = errorBody;

/**
 * FAQ administration (API.md "Admin"). Encapsulated: the role check is this plugin's onRequest hook,
 * so it runs first and covers every route added here. The public list reads the same rows, uncached.
 */
const adminFaqsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/admin/faqs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every FAQ in display order, with its sort order',
        response: { 200: adminFaqListResponse, 401: e, 403: e },
      },
    },
    async () => ({ data: await app.faqs.listAdmin() }),
  );

  app.post(
    '/api/admin/faqs',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a FAQ (question and answer in Arabic and English); it shows on /faq at once',
        body: faqInput,
        response: { 201: adminFaqResponse, 400: e, 401: e, 403: e },
      },
    },
    async (request, reply) => {
      return reply.status(201).send({ data: await app.faqs.create(request.body) });
    },
  );

  app.put(
    '/api/admin/faqs/order',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder: every FAQ id once, in the new order; 400 on ids if the list changed meanwhile',
        body: faqOrderInput,
        response: { 200: adminFaqListResponse, 400: e, 401: e, 403: e },
      },
    },
    async (request) => ({ data: await app.faqs.reorder(request.body.ids) }),
  );

  app.put(
    '/api/admin/faqs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a FAQ; without sortOrder its position stays',
        params: faqParams,
        body: faqInput,
        response: { 200: adminFaqResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => ({ data: await app.faqs.update(request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/faqs/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a FAQ',
        params: faqParams,
        response: { 204: z.null(), 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      await app.faqs.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};

export default adminFaqsRoutes;
