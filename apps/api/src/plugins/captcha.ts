import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Challenge } from 'altcha-lib';
import { createAltcha } from '../captcha/altcha';
import { createSiteverify, type SiteverifyOutcome } from '../captcha/siteverify';
import { AppError } from '../lib/app-error';

export interface Captcha {
  /**
   * Resolves when `token` (the body's `recaptchaToken`) passes the configured human check; throws
   * AppError 400 CAPTCHA_REQUIRED when it is missing or blank, 400 CAPTCHA_FAILED when it is wrong,
   * expired or was used before, and 503 SERVICE_UNAVAILABLE when reCAPTCHA/Turnstile cannot be asked.
   */
  verify(token: string | undefined | null, options?: { remoteIp?: string }): Promise<void>;
  /** A fresh ALTCHA challenge, or null when the configured provider is not ALTCHA-based. */
  createChallenge(): Promise<Challenge | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: Captcha;
  }
}

const OFF_DIFFICULTY = { cost: 1, counterMin: 10, counterMax: 100 };

function fromSiteverify(outcome: SiteverifyOutcome) {
  if (outcome === 'invalid') throw new AppError(400, 'CAPTCHA_FAILED');
  if (outcome === 'unavailable') throw new AppError(503, 'SERVICE_UNAVAILABLE');
}

/**
 * CAPTCHA_PROVIDER picks the check: `altcha` (self-hosted proof of work, default), `recaptcha`,
 * `turnstile`, or `off` (any non-empty token passes; config refuses it in production). With `off`
 * the challenge route still serves (trivial) ALTCHA challenges, so the widget behaves as usual.
 */
async function captchaPlugin(app: FastifyInstance) {
  const { config } = app;
  const altcha = createAltcha(app.db, {
    hmacKey: config.altchaHmacKey,
    // With `off` any token passes, so the widget is given next to no work (fast automated runs).
    difficulty: config.captchaProvider === 'off' ? OFF_DIFFICULTY : config.altchaDifficulty,
  });

  let check: (token: string, remoteIp?: string) => Promise<void>;
  switch (config.captchaProvider) {
    case 'off':
      check = async () => {};
      break;
    case 'altcha':
      check = async (token) => {
        const outcome = await altcha.verify(token);
        if (outcome !== 'ok') throw new AppError(400, 'CAPTCHA_FAILED');
      };
      break;
    case 'recaptcha':
    case 'turnstile': {
      const secret = config.captchaProvider === 'recaptcha' ? config.recaptchaSecret : config.turnstileSecret;
      if (!secret) {
        throw new Error(
          `CAPTCHA_PROVIDER=${config.captchaProvider} needs ${config.captchaProvider.toUpperCase()}_SECRET`,
        );
      }
      const siteverify = createSiteverify({ provider: config.captchaProvider, secret });
      check = async (token, remoteIp) => fromSiteverify(await siteverify.verify(token, remoteIp));
      break;
    }
  }

  app.decorate('captcha', {
    verify: async (token, options = {}) => {
      if (typeof token !== 'string' || token.trim() === '') throw new AppError(400, 'CAPTCHA_REQUIRED');
      await check(token.trim(), options.remoteIp);
    },
    createChallenge: async () =>
      config.captchaProvider === 'altcha' || config.captchaProvider === 'off'
        ? altcha.createChallenge()
        : null,
  } satisfies Captcha);
}

export default fp(captchaPlugin, { name: 'captcha', dependencies: ['database', 'errors'] });
