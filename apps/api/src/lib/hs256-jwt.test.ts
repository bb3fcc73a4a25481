import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createHs256Verifier, JwtError } from './hs256-jwt';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const verifier = createHs256Verifier(SECRET, { issuer: 'safqa', audience: 'safqa-web' });
const key = new TextEncoder().encode(SECRET);

function signed(
  options: {
    alg?: string;
    secret?: Uint8Array;
    issuer?: string;
    audience?: string | string[];
    exp?: number | null;
    nbf?: number;
    header?: Record<string, unknown>;
  } = {},
) {
  let jwt = new SignJWT({ role: 'owner' })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT', ...options.header })
    .setSubject('7')
    .setIssuer(options.issuer ?? 'safqa')
    .setAudience(options.audience ?? 'safqa-web')
    .setIssuedAt();
  if (options.exp !== null) jwt = jwt.setExpirationTime(options.exp ?? Math.floor(Date.now() / 1000) + 900);
  if (options.nbf !== undefined) jwt = jwt.setNotBefore(options.nbf);
  return jwt.sign(options.secret ?? key);
}

function failure(token: string): string | undefined {
  try {
    verifier.verify(token);
    return undefined;
  } catch (error) {
    return error instanceof JwtError ? error.reason : `threw ${String(error)}`;
  }
}

describe('createHs256Verifier', () => {
  it('accepts what jose signs with the same key and returns the claims', async () => {
    expect(verifier.verify(await signed())).toMatchObject({
      sub: '7',
      role: 'owner',
      iss: 'safqa',
      aud: 'safqa-web',
    });
    expect(verifier.verify(await signed({ audience: ['other', 'safqa-web'] }))).toMatchObject({ sub: '7' });
  });

  it('tells an expired token, once its signature is right', async () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    expect(failure(await signed({ exp: past }))).toBe('expired');
    expect(failure(await signed({ exp: past, secret: new TextEncoder().encode('x'.repeat(40)) }))).toBe(
      'invalid',
    );
  });

  it('refuses another key, another algorithm and alg none', async () => {
    expect(
      failure(await signed({ secret: new TextEncoder().encode('another-secret-that-is-long-enough!!') })),
    ).toBe('invalid');
    expect(failure(await signed({ alg: 'HS512' }))).toBe('invalid');
    const unsigned = new UnsecuredJWT({ role: 'admin' })
      .setIssuer('safqa')
      .setAudience('safqa-web')
      .setExpirationTime('5m')
      .encode();
    expect(failure(unsigned)).toBe('invalid');
    expect(failure(`${unsigned}c2lnbmF0dXJl`)).toBe('invalid');
  });

  it('refuses a changed payload, and a signature with padding or stray characters', async () => {
    const token = await signed();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    expect(failure(`${header}.${forged}.${signature}`)).toBe('invalid');
    expect(failure(`${token}=`)).toBe('invalid');
    expect(failure(`${token}!`)).toBe('invalid');
    expect(failure(`${header}.${payload}.`)).toBe('invalid');
    expect(failure(`${token}.${signature}`)).toBe('invalid');
    expect(failure(`${header}.${payload}`)).toBe('invalid');
  });

  it('refuses a wrong issuer or audience, a missing expiry, a future nbf, crit and an odd typ', async () => {
    expect(failure(await signed({ issuer: 'someone' }))).toBe('invalid');
    expect(failure(await signed({ audience: 'other' }))).toBe('invalid');
    expect(failure(await signed({ exp: null }))).toBe('invalid');
    expect(failure(await signed({ nbf: Math.floor(Date.now() / 1000) + 600 }))).toBe('invalid');
    expect(failure(await signed({ header: { typ: 'at+jwt' } }))).toBe('invalid');
    // jose refuses to sign an unknown crit; write that header by hand and sign it ourselves.
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', crit: ['x'], x: 1 })).toString('base64url');
    const [, payload] = (await signed()).split('.') as [string, string];
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url');
    expect(failure(`${header}.${payload}.${signature}`)).toBe('invalid');
  });

  it('never throws anything but JwtError on garbage', () => {
    for (const garbage of [
      '',
      '.',
      '..',
      'a.b.c',
      'e30.e30.e30',
      'W10.W10.x',
      'bnVsbA.bnVsbA.x',
      'x'.repeat(10_000),
    ]) {
      expect(failure(garbage)).toBe('invalid');
    }
  });
});
