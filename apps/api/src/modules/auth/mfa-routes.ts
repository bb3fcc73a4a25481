import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceTokenOf, setDeviceCookie } from './known-devices';
import { z } from 'zod';
import { errorBody } from '@safqa/shared/validation/common';
import { loginResponse } from '@safqa/shared/validation/auth';
import {
  mfaVerifyBody,
  passwordAndCodeBody,
  recoveryCodesResponse,
  totpConfirmBody,
  totpSetupResponse,
  twoStepStatusResponse,
} from '@safqa/shared/validation/auth-mfa';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** API.md "Account security": two-step sign-in with an authenticator app. Rules in mfa.ts. */
const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= ANONYMOUS_BODY_LIMITS.form;
  });
  const client = (request: { ip: string; headers: { 'user-agent'?: string | undefined } }) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  // Codes are six digits: the calls that check one are limited per address as well as per token.
  const codeLimit = { rateLimit: perIp(app.config, 30, FIFTEEN_MINUTES) };

  app.get(
    '/api/auth/mfa',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
        response: { 200: twoStepStatusResponse, ...errors },
      },
    },
    async (request) => app.auth.mfa.twoStepStatus(request.user!),
  );

  app.post(
    '/api/auth/mfa/totp/setup',
    {
      onRequest: app.requireUser,
      config: codeLimit,
      schema: {
        tags,
        summary: 'A new authenticator secret with its QR code; nothing is on until a code confirms it',
        // No fields: an empty object or no body at all, anything else is a 400.
        body: z.object({}).strict().nullish(),
        response: { 200: totpSetupResponse, ...errors },
      },
    },
    async (request) => app.auth.mfa.setupTotp(request.user!),
  );

  app.post(
    '/api/auth/mfa/totp/confirm',
    {
      onRequest: app.requireUser,
      config: codeLimit,
      schema: {
        tags,
        summary: 'Turn two-step sign-in on with the app’s first code; answers ten recovery codes, once',
        body: totpConfirmBody,
        response: { 200: recoveryCodesResponse, ...errors },
      },
    },
    async (request) => app.auth.mfa.confirmTotp(request.user!, request.body.code, client(request)),
  );

  app.delete(
    '/api/auth/mfa/totp',
    {
      onRequest: app.requireUser,
      config: codeLimit,
      schema: {
        tags,
        summary: 'Turn two-step sign-in off (password and code); every other session ends',
        body: passwordAndCodeBody,
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await app.auth.mfa.disableTotp(request.user!, request.body, client(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/mfa/recovery-codes',
    {
      onRequest: app.requireUser,
      config: codeLimit,
      schema: {
        tags,
        summary: 'Ten new recovery codes (password and code); the old ones stop working',
        body: passwordAndCodeBody,
        response: { 200: recoveryCodesResponse, ...errors },
      },
    },
    async (request) => app.auth.mfa.regenerateRecoveryCodes(request.user!, request.body, client(request)),
  );

  app.post(
    '/api/auth/mfa/verify',
    {
      config: codeLimit,
      schema: {
        tags,
        summary: 'The second step of a sign-in: the app’s code or a recovery code; answers as a login',
        body: mfaVerifyBody,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      // The code step ends the sign-in: like the login route, it reads and keeps the known device.
      const deviceToken = deviceTokenOf(request);
      const answer = await app.auth.mfa.verifySecondStep(request.body, {
        lang: request.lang,
        ...client(request),
        deviceToken,
      });
      setDeviceCookie(reply, app.config, deviceToken);
      return answer;
    },
  );
};

export default mfaRoutes;
