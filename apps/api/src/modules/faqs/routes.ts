import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import { faqListQuery, faqListResponse } from '@safqa/shared/validation/faqs';
import adminFaqsRoutes from './admin-routes';
import { createFaqsService, type FaqsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The FAQs: the public list and the admin writes. */
    faqs: FaqsService;
  }
}

const faqsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.decorate('faqs', createFaqsService({ db: app.db, audit: app.audit }));
  await app.register(faqsRoutes);
  await app.register(adminFaqsRoutes);
};

const faqsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/faqs',
    {
      schema: {
        tags: ['faqs'],
        summary: 'FAQs in display order; `search` matches every term, case- and Arabic-spelling-insensitive',
        querystring: faqListQuery,
        response: { 200: faqListResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      // Revalidated on every visit: an admin's edit shows on /faq at once (the query is one small scan).
      reply.header('cache-control', 'no-cache');
      return { faqs: await app.faqs.list(request.query.search) };
    },
  );
};

export default fp(faqsPlugin, { name: 'faqs', dependencies: ['audit', 'auth', 'errors'] });
