import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blocksResponse } from '@safqa/shared/validation/blocks';
import { errorBody, idParams } from '@safqa/shared/validation/common';
import fp from 'fastify-plugin';
import { forgetUnreadWith } from '../chat/service';
import { createBlocksService, type BlocksService } from './service';

const e = errorBody;
const tags = ['trust'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Who blocked whom, for chat, offers and the data room. */
    blocks: BlocksService;
  }
}

/** API.md "Trust and safety": blocking and unblocking a user, and the caller's blocks. */
const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBlocksService({
    db: app.db,
    users: app.users,
    forgetUnreadWith: (tx, userId, otherId) => forgetUnreadWith(tx, app.sseHub, userId, otherId),
  });
  app.decorate('blocks', service);
  const auth = { onRequest: app.requireUser };

  app.post(
    '/api/users/:id/block',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Block a user: they can no longer message you, offer on or ask for your listings’ documents',
        description:
          'Idempotent. 400 for yourself, 404 for an unknown user. Their messages are hidden from you.',
        params: idParams,
        response: { 204: z.null(), 400: e, 401: e, 404: e },
      },
    },
    async (request, reply) => {
      await service.block(request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/users/:id/block',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Unblock a user',
        description: 'Idempotent. 400 for yourself, 404 for an unknown user.',
        params: idParams,
        response: { 204: z.null(), 400: e, 401: e, 404: e },
      },
    },
    async (request, reply) => {
      await service.unblock(request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/me/blocks',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The users the caller blocked, newest first',
        response: { 200: blocksResponse, 401: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await service.list(request.user!.id) };
    },
  );
};

export default fp(blocksRoutes, { name: 'blocks', dependencies: ['auth', 'errors', 'sse-hub', 'users'] });
