import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessage } from '@safqa/shared/validation/contact';
import { errorBody } from '@safqa/shared/validation/common';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';
import adminContactRoutes from './admin-routes';
import { createContactService, type ContactService } from './service';
import { contactSentMessage } from './texts';

const contactResponse = z.object({ message: z.string() });

declare module 'fastify' {
  interface FastifyInstance {
    /** The contact form's messages: stored and emailed to the staff, listed for the admin panel. */
    contact: ContactService;
  }
}

const contactPlugin: FastifyPluginAsyncZod = async (app) => {
  const service = createContactService({
    db: app.db,
    mailer: app.mailer,
    contactEmail: app.config.contactEmail,
    onNobodyToTell: (contactMessageId) =>
      app.log.warn({ contactMessageId }, 'contact message stored, but no CONTACT_EMAIL and no admin to tell'),
    users: app.users,
  });
  app.decorate('contact', service);
  await app.register(contactRoutes);
  await app.register(adminContactRoutes);
};

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      config: { rateLimit: perIp(app.config, 5, '10 minutes') },
      bodyLimit: ANONYMOUS_BODY_LIMITS.form,
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team; stored and emailed to the staff',
        body: contactMessage,
        response: { 201: contactResponse, 400: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await app.contact.submit(request.body, request.lang);
      return reply.status(201).send({ message: contactSentMessage(request.lang) });
    },
  );
};

export default fp(contactPlugin, { name: 'contact', dependencies: ['auth', 'errors', 'mailer', 'users'] });
