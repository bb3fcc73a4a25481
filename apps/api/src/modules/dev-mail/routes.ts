import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEV_MAIL_LIMIT, devMailQuery, devMailResponse } from '@safqa/shared/validation/dev-mail';
import { errorBody } from '@safqa/shared/validation/common';
import { devMailEnabled } from '../../config';
import { listOutbox } from '../../mail/outbox-repository';

/**
 * Development mail catcher (API.md): with MAIL_TRANSPORT=outbox, emails stay in mail_outbox and
 * are listed here for the /dev/mail page and for automated tests (verification links, codes).
 * Not registered at all in production or when mail really leaves the machine, so it answers 404.
 */
const devMailRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!devMailEnabled(app.config)) return;

  app.get(
    '/api/dev/mail',
    {
      schema: {
        tags: ['dev'],
        summary: `Emails kept by the outbox transport, newest first (at most ${DEV_MAIL_LIMIT}); development only`,
        querystring: devMailQuery,
        response: { 200: devMailResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listOutbox(app.db, { to: request.query.to || undefined, limit: DEV_MAIL_LIMIT });
      return { messages: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
};

// Encapsulated like a plain plugin (its hooks stay its own); fp only names it and its dependencies.
export default fp(devMailRoutes, { name: 'dev-mail', dependencies: ['errors'], encapsulate: true });
