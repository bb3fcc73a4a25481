import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an alert's unsubscribe link: the search id and an HMAC of it under a purpose of its
 * own, so it can switch that one search off and do nothing else (it is not a sign-in, and a token
 * of another kind never passes for it). Stateless: every email of a search carries the same token.
 */
const PURPOSE = 'saved-search-unsubscribe:v1';

function mac(secret: string, id: number) {
  return createHmac('sha256', secret).update(`${PURPOSE}:${id}`).digest('base64url');
}

export function unsubscribeToken(secret: string, savedSearchId: number): string {
  return `${savedSearchId}.${mac(secret, savedSearchId)}`;
}

/** The search id the token was made for, or null when it is not one of ours. */
export function readUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const expected = Buffer.from(mac(secret, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
