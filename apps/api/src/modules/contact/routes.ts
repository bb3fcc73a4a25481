import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessage } from '@safqa/shared/validation/contact';
import { errorBody } from '@safqa/shared/validation/common';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';
import adminContactRoutes from './admin-routes';
import { submitContactMessage } from './service';
import { contactSentMessage } from './texts';

const contactResponse = z.object({ message: z.string() });

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
      await submitContactMessage(app, request.body, request.lang);
      return reply.status(201).send({ message: contactSentMessage(request.lang) });
    },
  );

  await app.register(adminContactRoutes);
};

export default contactRoutes;
