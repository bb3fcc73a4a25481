import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ALTCHA_ALGORITHM } from '@safqa/shared/constants';
import type { Db } from '../db/client';
import { captchaSolutions } from '../db/schema/captcha';

export const ALTCHA_CHALLENGE_TTL_SECONDS = 10 * 60;
/** A widget payload is a few hundred bytes; anything far longer is not one. */
const MAX_PAYLOAD_LENGTH = 8_000;
const PURGE_EVERY_MS = 60_000;

export interface AltchaOptions {
  hmacKey: string;
  difficulty: { cost: number; counterMin: number; counterMax: number };
}

export type AltchaOutcome = 'ok' | 'invalid' | 'expired' | 'reused';

/**
 * What the widget submits: base64 of JSON {challenge: {parameters, signature}, solution}. The
 * parameters are kept whole (loose), because the signature covers every one of them.
 */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: z.string().max(256),
      salt: z.string().max(256),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string().max(256),
      expiresAt: z.number().int().positive(),
    }),
    signature: z.string().min(1).max(512),
  }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: z.string().max(512),
    time: z.number().optional(),
  }),
});

export function parseAltchaPayload(token: string) {
  if (token.length > MAX_PAYLOAD_LENGTH) return null;
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Self-hosted proof of work in deterministic mode: the server picks a secret counter, signs the
 * key it derives (keySignature), and the client must search up to that counter to find it. Checking
 * a solution is then two HMACs. Each solution is accepted once: its challenge signature is recorded
 * until the challenge expires.
 */
export function createAltcha(db: Db, options: AltchaOptions) {
  const hmacSignatureSecret = options.hmacKey;
  // A second secret derived from the first, so one configured key covers both signatures.
  const hmacKeySignatureSecret = createHmac('sha256', options.hmacKey)
    .update('altcha-key-signature')
    .digest('hex');
  let lastPurge = 0;

  async function purgeExpired() {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, sql`now()`));
  }

  return {
    async createChallenge(): Promise<Challenge> {
      const { cost, counterMin, counterMax } = options.difficulty;
      return createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost,
        counter: randomInt(counterMax, counterMin),
        deriveKey,
        expiresAt: new Date(Date.now() + ALTCHA_CHALLENGE_TTL_SECONDS * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
    },

    async verify(token: string): Promise<AltchaOutcome> {
      const payload = parseAltchaPayload(token);
      if (!payload) return 'invalid';
      let result;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
      } catch {
        return 'invalid';
      }
      if (result.expired) return 'expired';
      if (!result.verified) return 'invalid';
      await purgeExpired();
      const expiresAt = new Date(payload.challenge.parameters.expiresAt * 1000);
      const recorded = await db
        .insert(captchaSolutions)
        .values({ signature: payload.challenge.signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature });
      return recorded.length === 1 ? 'ok' : 'reused';
    },
  };
}
