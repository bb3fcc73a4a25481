import { createHash, randomBytes } from 'node:crypto';

/** An opaque, unguessable token for links and refresh: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of a token. The tokens carry 256 bits of randomness, so a fast
 * hash is enough: a leaked table cannot be turned back into working links or sessions.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
