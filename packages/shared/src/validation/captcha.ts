import { z } from 'zod';

/**
 * `recaptchaToken` of request bodies: the human-check widget's solution, whatever the provider.
 * Optional at the schema level on purpose: a missing token is answered by the server's captcha
 * check with 400 CAPTCHA_REQUIRED (API.md), not with VALIDATION_FAILED; forms check presence
 * themselves with the `captcha_required` message.
 */
export const recaptchaToken = z.string().max(10_000).optional().nullable();

/** GET /api/captcha/challenge: an ALTCHA v2 challenge, passed to the widget untouched (every parameter is signed). */
export const captchaChallengeResponse = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeResponse>;
