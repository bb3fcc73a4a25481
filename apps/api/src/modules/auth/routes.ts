import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {} from '@fastify/rate-limit';
import { z } from 'zod';
import { errorBody, rateLimitedBody, idParams } from '@safqa/shared/validation/common';
import {
  deviceSessionsResponse,
  emailCaptchaBody,
  loginBody,
  logoutBody,
  messageResponse,
  refreshBody,
  refreshResponse,
  resetPasswordBody,
  resetTokenQuery,
  resetTokenResponse,
  signupBody,
  signupResponse,
  verifyEmailQuery,
} from '@safqa/shared/validation/auth';
import { loginAnswer } from '@safqa/shared/validation/auth-mfa';
import { ANONYMOUS_BODY_LIMITS } from '../../lib/json-body';
import { perIp } from '../../lib/rate-limit';
import { createAfterAnswerTasks } from './background';
import { deviceTokenOf, setDeviceCookie } from './known-devices';
import mfaRoutes from './mfa-routes';
import passkeyRoutes from './passkey-routes';
import { createAuthService, type AuthService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and sign-in: sessions, devices, two-step sign-in (`mfa`) and passkeys. */
    auth: AuthService;
  }
}

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: rateLimitedBody };
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * The area's plugin: builds the service, decorates `app.auth` and registers the route plugins, each
 * in its own scope (their body limit stays theirs).
 */
const authModule: FastifyPluginAsyncZod = async (app) => {
  const afterAnswer = createAfterAnswerTasks(app.log);
  app.decorate(
    'auth',
    createAuthService({
      db: app.db,
      mailer: app.mailer,
      users: app.users,
      captcha: app.captcha,
      securityEvents: app.securityEvents,
      sessionLiveness: app.sessionLiveness,
      signAccessToken: app.signAccessToken,
      publicUrl: app.config.publicUrl,
      jwtSecret: app.config.jwtSecret,
      log: app.log,
      afterAnswer,
    }),
  );
  // The app waits for them on close, before whoever opened the database closes it.
  app.addHook('onClose', async () => afterAnswer.settle());
  await app.register(authRoutes);
  await app.register(mfaRoutes);
};

/** API.md "Auth". Thin: validation by the shared schemas, rules in service.ts. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  // Every body here is a short form (the longest part a captcha token), and most are anonymous.
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= ANONYMOUS_BODY_LIMITS.form;
  });
  const ctx = (request: {
    lang: 'ar' | 'en';
    ip: string;
    headers: { 'user-agent'?: string | undefined };
  }) => ({
    lang: request.lang,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });

  app.post(
    '/api/auth/signup',
    {
      config: { rateLimit: perIp(app.config, 10, HOUR) },
      schema: {
        tags,
        summary: 'Register as owner (optionally advisor); sends the verification email',
        body: signupBody,
        response: { 201: signupResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await app.auth.signup(request.body, ctx(request))),
  );

  app.get(
    '/api/auth/verify-email',
    {
      config: { rateLimit: perIp(app.config, 30, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary: 'Verify an email address with the emailed link',
        querystring: verifyEmailQuery,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => app.auth.verifyEmail(request.query, request.lang),
  );

  app.post(
    '/api/auth/resend-verification',
    {
      config: { rateLimit: perIp(app.config, 10, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary: 'Send a new verification email; the same answer whether or not the email exists',
        body: emailCaptchaBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => app.auth.resendVerification(request.body, ctx(request)),
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit: perIp(app.config, 30, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary:
          'Sign in; 403 EMAIL_NOT_VERIFIED with needsVerification for unverified accounts; with two-step sign-in on, mfaRequired and no tokens',
        body: loginBody,
        response: { 200: loginAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const deviceToken = deviceTokenOf(request);
      const answer = await app.auth.login(request.body, { ...ctx(request), deviceToken });
      // Only a browser that signed in becomes a known device; a failed try leaves it none.
      if ('accessToken' in answer) setDeviceCookie(reply, app.config, deviceToken);
      return answer;
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: { rateLimit: perIp(app.config, 60, 60 * 1000) },
      schema: {
        tags,
        summary: 'Exchange a refresh token for new tokens (rotation with reuse detection)',
        body: refreshBody,
        response: { 200: refreshResponse, ...errors },
      },
    },
    async (request) => app.auth.refresh(request.body.refreshToken, request.ip),
  );

  app.post(
    '/api/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'End the current session',
        body: logoutBody.nullish(),
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await app.auth.logout(request.user!, request.body?.refreshToken);
      return reply.status(204).send(null);
    },
  );

  // API.md "Account security": the caller's signed-in devices.
  app.get(
    '/api/auth/sessions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s live sessions: device, address, first and last use, and which is this one',
        response: { 200: deviceSessionsResponse, ...errors },
      },
    },
    async (request) => app.auth.devices.listDevices(request.user!, request.lang),
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Sign one of the caller’s sessions out (its tokens answer SESSION_REVOKED at once)',
        params: idParams,
        response: { 204: z.null().describe('No content'), 404: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      await app.auth.devices.revokeDevice(request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Sign every other session of the caller out',
        response: { 204: z.null().describe('No content'), ...errors },
      },
    },
    async (request, reply) => {
      await app.auth.devices.revokeOtherDevices(request.user!);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: { rateLimit: perIp(app.config, 10, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary: 'Email a password reset link; the same answer whether or not the email exists',
        body: emailCaptchaBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => app.auth.forgotPassword(request.body, ctx(request)),
  );

  app.get(
    '/api/auth/reset-password',
    {
      config: { rateLimit: perIp(app.config, 30, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary: 'Check a password reset token',
        querystring: resetTokenQuery,
        response: { 200: resetTokenResponse, ...errors },
      },
    },
    async (request) => app.auth.checkResetToken(request.query.token, request.lang),
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { rateLimit: perIp(app.config, 30, FIFTEEN_MINUTES) },
      schema: {
        tags,
        summary: 'Set a new password with a reset token; ends every session',
        body: resetPasswordBody,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => app.auth.resetPassword(request.body, request.lang),
  );

  // Registered inside, so the short body limit above holds for them too.
  await app.register(passkeyRoutes);
};

export default fp(authModule, {
  // 'auth' is src/plugins/auth.ts (tokens and guards), which this area builds on.
  name: 'auth-module',
  dependencies: ['auth', 'errors', 'mailer', 'captcha', 'session-liveness', 'security-events', 'users'],
});
