import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Verifies an HS256 JWT synchronously with node:crypto. Every authenticated request and every live
 * stream verifies one; WebCrypto's asynchronous verify (what jose uses) cost several times the CPU of
 * one HMAC through a queued job and promises. Signing stays with jose (rare: sign-in and refresh).
 *
 * Strict on purpose: the header must name HS256 (no `none`, no other algorithm, no `crit`), the
 * signature must be the exact base64url text of the HMAC (no padding or stray characters accepted),
 * and `iss`, `aud` and `exp` must be present and right.
 */
export type JwtFailure = 'expired' | 'invalid';

export class JwtError extends Error {
  constructor(readonly reason: JwtFailure) {
    super(`access token ${reason}`);
  }
}

export interface Hs256Verifier {
  verify(token: string, nowSeconds?: number): Record<string, unknown>;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): unknown {
  if (!BASE64URL.test(part)) throw new JwtError('invalid');
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('invalid');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function createHs256Verifier(
  secret: string,
  expected: { issuer: string; audience: string },
): Hs256Verifier {
  const key = Buffer.from(secret, 'utf8');
  return {
    verify(token, nowSeconds = Math.floor(Date.now() / 1000)) {
      if (typeof token !== 'string' || token.length > 8192) throw new JwtError('invalid');
      const parts = token.split('.');
      if (parts.length !== 3) throw new JwtError('invalid');
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];

      const header = decodeJson(headerPart);
      if (!isObject(header) || header.alg !== 'HS256' || 'crit' in header) throw new JwtError('invalid');
      if (header.typ !== undefined && header.typ !== 'JWT') throw new JwtError('invalid');

      const expectedSignature = Buffer.from(
        createHmac('sha256', key).update(`${headerPart}.${payloadPart}`).digest('base64url'),
      );
      const given = Buffer.from(signaturePart);
      if (given.length !== expectedSignature.length || !timingSafeEqual(given, expectedSignature)) {
        throw new JwtError('invalid');
      }

      const payload = decodeJson(payloadPart);
      if (!isObject(payload)) throw new JwtError('invalid');
      if (payload.iss !== expected.issuer) throw new JwtError('invalid');
      const audience = payload.aud;
      const audienceOk = Array.isArray(audience)
        ? audience.includes(expected.audience)
        : audience === expected.audience;
      if (!audienceOk) throw new JwtError('invalid');
      if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSeconds)) {
        throw new JwtError('invalid');
      }
      if (payload.iat !== undefined && typeof payload.iat !== 'number') throw new JwtError('invalid');
      if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) throw new JwtError('invalid');
      // The signature is right, so the token is ours: only now may "expired" be told apart.
      if (payload.exp <= nowSeconds) throw new JwtError('expired');
      return payload;
    },
  };
}
