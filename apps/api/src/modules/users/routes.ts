import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import { messageResponse } from '@safqa/shared/validation/auth';
import { changePasswordBody, updateProfileBody, userResponse } from '@safqa/shared/validation/users';
import { changePassword } from '../auth/service';
import { getUser, updateProfile } from './service';

const errors = { 400: errorBody, 401: errorBody };

/** API.md "Users": the signed-in user's own record. */
const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];

  app.get(
    '/api/users/me',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'The current user', response: { 200: userResponse, ...errors } },
    },
    async (request) => getUser(app.db, request.user!.id),
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
    async (request) => updateProfile(app, request.user!.id, request.body),
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
    async (request) => changePassword(app, request.user!, request.body, request.lang),
  );
};

export default usersRoutes;
