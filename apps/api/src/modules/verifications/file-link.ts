import { createHmac, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_LINK_TTL_SECONDS } from '@safqa/shared/validation/verifications';

/**
 * One-minute links to a verification file: /api/verification-files/{id}?expires=&u=&signature=, the
 * HMAC of (request id, expiry, the user it was handed to) under a key derived from JWT_SECRET for this
 * one purpose (so neither a document link nor a token can be replayed as one). The download checks
 * again that the user is the file's owner or an admin.
 */
const VERIFICATION_FILE_PREFIX = '/api/verification-files/';

export function createVerificationLinks(secret: string, now: () => number = () => Date.now()) {
  const key = createHmac('sha256', secret).update('safqa:verification-files:v1').digest();
  const signatureOf = (id: number, expires: number, userId: number) =>
    createHmac('sha256', key).update(`${id}\n${expires}\n${userId}`).digest('base64url');
  return {
    sign(id: number, userId: number): { url: string; expiresAt: string } {
      const expires = Math.floor(now() / 1000) + VERIFICATION_LINK_TTL_SECONDS;
      return {
        url: `${VERIFICATION_FILE_PREFIX}${id}?expires=${expires}&u=${userId}&signature=${signatureOf(id, expires, userId)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
    /** Whether the link is genuine and not yet expired. */
    verify(id: number, expires: number, userId: number, signature: string): boolean {
      const expected = Buffer.from(signatureOf(id, expires, userId));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      return expires * 1000 > now();
    },
  };
}
export type VerificationLinks = ReturnType<typeof createVerificationLinks>;
