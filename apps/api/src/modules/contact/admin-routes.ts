import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageListQuery, storedContactMessage } from '@safqa/shared/validation/admin';
import { errorBody, pagedResponse } from '@safqa/shared/validation/common';
import { guardEveryRoute } from '../../plugins/auth';

const e = errorBody;

/** Messages of the contact form for the admin panel. The role check is this plugin's onRequest hook. */
const adminContactRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact messages, newest first; q matches name, email or message',
        querystring: contactMessageListQuery,
        response: { 200: pagedResponse(storedContactMessage), 400: e, 401: e, 403: e },
      },
    },
    async (request) => app.contact.list(request.query),
  );
};

export default adminContactRoutes;
