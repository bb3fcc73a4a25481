import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaSolutions } from '../db/schema/captcha';
import { EASY_ALTCHA, solveAltcha } from '../test/altcha-solver';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';
import { AppError } from '../lib/app-error';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'passed';
  } catch (error) {
    if (error instanceof AppError) return `${error.statusCode} ${error.code}`;
    throw error;
  }
}

describe('ALTCHA provider (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' }, EASY_ALTCHA);
  });
  afterAll(async () => t.close());

  async function fetchChallenge(): Promise<Challenge> {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json();
  }

  it('serves a signed challenge in the format of the altcha v3 widget, expiring in about 10 minutes', async () => {
    const challenge = await fetchChallenge();
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      keyLength: 32,
    });
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(9 * 60);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
    const other = await fetchChallenge();
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('accepts a solved challenge once and refuses the same solution again', async () => {
    const token = await solveAltcha(await fetchChallenge());
    expect(await codeOf(t.app.captcha.verify(token))).toBe('passed');
    expect(await codeOf(t.app.captcha.verify(token))).toBe('400 CAPTCHA_FAILED');
    const [row] = await t.app.db.select().from(captchaSolutions);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('lets only one of two simultaneous submissions of one solution through', async () => {
    const token = await solveAltcha(await fetchChallenge());
    const outcomes = await Promise.all([1, 2, 3].map(() => codeOf(t.app.captcha.verify(token))));
    expect(outcomes.sort()).toEqual(['400 CAPTCHA_FAILED', '400 CAPTCHA_FAILED', 'passed']);
  });

  it('answers CAPTCHA_REQUIRED for a missing or blank token', async () => {
    for (const token of [undefined, null, '', '   ']) {
      expect(await codeOf(t.app.captcha.verify(token))).toBe('400 CAPTCHA_REQUIRED');
    }
  });

  it('refuses garbage, a wrong solution, tampered parameters and the widget test-mode payload', async () => {
    const challenge = await fetchChallenge();
    const good = JSON.parse(Buffer.from(await solveAltcha(challenge), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: 'ab'.repeat(32) } };
    const easier = {
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 0 } },
    };
    const testMode = { challenge: null, solution: null, test: true };
    for (const token of [
      'not base64 at all!',
      encode({ hello: 'world' }),
      encode(wrongKey),
      encode(easier),
      encode(testMode),
      'A'.repeat(20_000),
    ]) {
      expect(await codeOf(t.app.captcha.verify(token))).toBe('400 CAPTCHA_FAILED');
    }
    // The untouched solution still passes: the refusals above did not burn it.
    expect(await codeOf(t.app.captcha.verify(encode(good)))).toBe('passed');
  });

  it('refuses a solution to a challenge that has expired', async () => {
    const expired = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
      hmacSignatureSecret: t.config.altchaHmacKey,
    });
    const token = await solveAltcha(expired);
    expect(await codeOf(t.app.captcha.verify(token))).toBe('400 CAPTCHA_FAILED');
  });

  it('refuses a challenge signed with another key', async () => {
    const foreign = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: 'someone-else-entirely-0123456789',
    });
    expect(await codeOf(t.app.captcha.verify(await solveAltcha(foreign)))).toBe('400 CAPTCHA_FAILED');
  });

  it('forgets used solutions once their challenge has expired', async () => {
    await t.app.db
      .insert(captchaSolutions)
      .values({ signature: 'old', expiresAt: new Date(Date.now() - 1000) });
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      const token = await solveAltcha(await fetchChallenge());
      expect(await codeOf(t.app.captcha.verify(token))).toBe('passed');
    } finally {
      vi.restoreAllMocks();
    }
    const left = await t.app.db
      .select()
      .from(captchaSolutions)
      .where(sql`signature = 'old'`);
    expect(left).toHaveLength(0);
  });
});

describe('CAPTCHA_PROVIDER=off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_PROVIDER: 'off' });
  });
  afterAll(async () => t.close());

  it('passes any non-empty token, still requires one, and still serves (trivial) challenges for the widget', async () => {
    expect(await codeOf(t.app.captcha.verify('anything'))).toBe('passed');
    expect(await codeOf(t.app.captcha.verify(''))).toBe('400 CAPTCHA_REQUIRED');
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.json().parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
  });
});

describe.each([
  ['recaptcha', 'RECAPTCHA_SECRET', 'https://www.google.com/recaptcha/api/siteverify'],
  ['turnstile', 'TURNSTILE_SECRET', 'https://challenges.cloudflare.com/turnstile/v0/siteverify'],
] as const)('CAPTCHA_PROVIDER=%s', (provider, secretVar, url) => {
  let t: TestApp;
  const fetchMock = vi.fn<typeof fetch>();
  beforeAll(async () => {
    vi.stubGlobal('fetch', fetchMock);
    t = await createTestApp({ CAPTCHA_PROVIDER: provider, [secretVar]: 'server-secret' });
  });
  afterEach(() => fetchMock.mockReset());
  afterAll(async () => {
    vi.unstubAllGlobals();
    await t.close();
  });

  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('asks siteverify with the secret, the token and the remote address', async () => {
    fetchMock.mockResolvedValueOnce(answer({ success: true }));
    expect(await codeOf(t.app.captcha.verify('tok-123', { remoteIp: '203.0.113.9' }))).toBe('passed');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [calledUrl, init] = fetchMock.mock.calls[0]!;
    expect(calledUrl).toBe(url);
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(init?.body)))).toEqual({
      secret: 'server-secret',
      response: 'tok-123',
      remoteip: '203.0.113.9',
    });
  });

  it('maps a refusal to CAPTCHA_FAILED and an unreachable provider to 503', async () => {
    fetchMock.mockResolvedValueOnce(answer({ success: false, 'error-codes': ['timeout-or-duplicate'] }));
    expect(await codeOf(t.app.captcha.verify('used'))).toBe('400 CAPTCHA_FAILED');
    fetchMock.mockResolvedValueOnce(answer({ success: true, score: 0.1 }));
    expect(await codeOf(t.app.captcha.verify('bot'))).toBe('400 CAPTCHA_FAILED');
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await codeOf(t.app.captcha.verify('tok'))).toBe('503 SERVICE_UNAVAILABLE');
    fetchMock.mockResolvedValueOnce(answer({ oops: true }, 500));
    expect(await codeOf(t.app.captcha.verify('tok'))).toBe('503 SERVICE_UNAVAILABLE');
    fetchMock.mockResolvedValueOnce(answer({ success: false, 'error-codes': ['invalid-input-secret'] }));
    expect(await codeOf(t.app.captcha.verify('tok'))).toBe('503 SERVICE_UNAVAILABLE');
  });

  it('does not call the provider without a token, and has no ALTCHA challenge to serve', async () => {
    expect(await codeOf(t.app.captcha.verify(undefined))).toBe('400 CAPTCHA_REQUIRED');
    expect(fetchMock).not.toHaveBeenCalled();
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

it('refuses to start with CAPTCHA_PROVIDER=recaptcha but no secret', async () => {
  const database = await openTestDatabase();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'recaptcha',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'safqa-test-')),
    });
    await expect(buildApp({ config, database })).rejects.toThrow(/RECAPTCHA_SECRET/);
  } finally {
    await database.close();
  }
});
