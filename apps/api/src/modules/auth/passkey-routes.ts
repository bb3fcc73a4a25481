import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {} from '@fastify/rate-limit';
import { deviceTokenOf, setDeviceCookie } from './known-devices';
import { z } from 'zod';
import { errorBody, idParams, noBody } from '@safqa/shared/validation/common';
import { loginResponse } from '@safqa/shared/validation/auth';
import {
  addPasskeyBody,
  loginOptionsResponse,
  passkeyLoginBody,
  passkeyLoginOptionsBody,
  passkeyResponse,
  passkeysResponse,
  registrationOptionsResponse,
} from '@safqa/shared/validation/passkeys';
import { perIp } from '../../lib/rate-limit';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** API.md "Account security", the `/api/auth/passkeys*` rows. Rules in passkeys.ts. */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  const ctx = (request: {
    lang: 'ar' | 'en';
    ip: string;
    headers: { 'user-agent'?: string | undefined };
  }) => ({ lang: request.lang, ip: request.ip, userAgent: request.headers['user-agent'] });

  app.post(
    '/api/auth/passkeys/register/options',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'WebAuthn creation options for a new passkey of the caller (their passkeys excluded)',
        body: noBody,
        response: { 200: registrationOptionsResponse, ...errors },
      },
    },
    async (request) => app.auth.passkeys.registrationOptions(request.user!),
  );

  app.post(
    '/api/auth/passkeys',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Keep the passkey the browser created for the caller’s latest creation options',
        body: addPasskeyBody,
        response: { 201: passkeyResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await app.auth.passkeys.addPasskey(request.user!, request.body, ctx(request))),
  );

  app.get(
    '/api/auth/passkeys',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s passkeys, newest first',
        response: { 200: passkeysResponse, ...errors },
      },
    },
    async (request) => app.auth.passkeys.listPasskeys(request.user!),
  );

  app.delete(
    '/api/auth/passkeys/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Remove one of the caller’s passkeys (anyone else’s is 404)',
        params: idParams,
        response: { 204: z.null().describe('No content'), 404: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      await app.auth.passkeys.removePasskey(request.user!, request.params.id, ctx(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/passkeys/login/options',
    {
      config: { rateLimit: perIp(app.config, 30, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary: 'WebAuthn request options: any passkey of this site, or an email’s passkeys',
        body: passkeyLoginOptionsBody.nullish(),
        response: { 200: loginOptionsResponse, ...errors },
      },
    },
    async (request) => app.auth.passkeys.loginOptions(request.body ?? {}),
  );

  app.post(
    '/api/auth/passkeys/login',
    {
      config: { rateLimit: perIp(app.config, 30, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary: 'Sign in with a passkey (counts as both steps); 401 PASSKEY_INVALID',
        body: passkeyLoginBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      // Like the login route, a passkey sign-in reads and keeps the known device (new-device email).
      const deviceToken = deviceTokenOf(request);
      const answer = await app.auth.passkeys.passkeyLogin(request.body, { ...ctx(request), deviceToken });
      setDeviceCookie(reply, app.config, deviceToken);
      return answer;
    },
  );
};

export default passkeyRoutes;
