import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallengeResponse, type CaptchaChallenge } from '@safqa/shared/validation/captcha';
import { errorBody } from '@safqa/shared/validation/common';
import { perIp } from '../../lib/rate-limit';
import { AppError } from '../../lib/app-error';

const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/captcha/challenge',
    {
      config: { rateLimit: perIp(app.config, 60, '1 minute') },
      schema: {
        tags: ['captcha'],
        summary: 'A fresh ALTCHA challenge for the human-check widget (expires in 10 minutes)',
        response: { 200: captchaChallengeResponse, 404: errorBody, 429: errorBody },
      },
    },
    async (_request, reply) => {
      const challenge = await app.captcha.createChallenge();
      if (!challenge) throw new AppError(404, 'NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return challenge as unknown as CaptchaChallenge;
    },
  );
};

// Encapsulated like a plain plugin (its hooks stay its own); fp only names it and its dependencies.
export default fp(captchaRoutes, {
  name: 'captcha-routes',
  dependencies: ['errors', 'captcha'],
  encapsulate: true,
});
