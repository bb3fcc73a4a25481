import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import { messageResponse } from '@safqa/shared/validation/auth';
import { changePasswordBody, updateProfileBody, userResponse } from '@safqa/shared/validation/users';
import fp from 'fastify-plugin';
import { createUsersService, type UsersService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts, for auth, admin, the trust areas, chat, offers and the data room. */
    users: UsersService;
  }
}

const errors = { 400: errorBody, 401: errorBody };

/** API.md "Users": the signed-in user's own record. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService({ db: app.db });
  app.decorate('users', service);
  const tags = ['users'];

  app.get(
    '/api/users/me',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'The current user', response: { 200: userResponse, ...errors } },
    },
    async (request) => service.get(request.user!.id),
  );

  app.patch(
    '/api/users/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Update personal info, language and the advisor profile',
        body: updateProfileBody,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => service.updateProfile(request.user!.id, request.body),
  );

  app.post(
    '/api/users/me/password',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Change the password (needs the current one); ends the other sessions',
        body: changePasswordBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    // app.auth is read per request: the auth area registers after this one (it takes app.users).
    async (request) =>
      app.auth.changePassword(request.user!, request.body, request.lang, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );
};

export default fp(usersRoutes, { name: 'users', dependencies: ['auth', 'errors'] });
