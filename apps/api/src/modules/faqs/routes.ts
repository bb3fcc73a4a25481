import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import { faqListQuery, faqListResponse } from '@safqa/shared/validation/faqs';
import adminFaqsRoutes from './admin-routes';
import { listFaqs } from './service';

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
      return { faqs: await listFaqs(app.db, request.query.search) };
    },
  );

  await app.register(adminFaqsRoutes);
};

export default faqsRoutes;
