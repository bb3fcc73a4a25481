import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { EASY_ALTCHA, solveAltcha } from '../../test/altcha-solver';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../../test/factories';
import { DEVICE_COOKIE } from './known-devices';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

function login(body: Record<string, unknown>, ip = '203.0.113.10', lang = 'ar') {
  return client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { recaptchaToken: 'ok', ...body },
    remoteAddress: ip,
    headers: { 'accept-language': lang },
  });
}

describe('POST /api/auth/login', () => {
  it('answers tokens and the user, with a 15-minute access token carrying sub and role', async () => {
    const user = await createUser(t.app, { username: 'مالك' });
    const res = await login({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: user.id, role: 'owner', username: 'مالك', email: user.email });
    expect(body.refreshToken).toMatch(/^[\w-]{43}$/);
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({ sub: String(user.id), role: 'owner', iss: 'safqa', aud: 'safqa-web' });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    const me = await client.get('/api/users/me', { token: body.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('answers admins with role admin', async () => {
    const user = await createUser(t.app, { role: 'admin' });
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.json().user.role).toBe('admin');
    expect(decodeJwt(res.json().accessToken).role).toBe('admin');
  });

  it('answers 401 INVALID_CREDENTIALS alike for a wrong password and an unknown email', async () => {
    const user = await createUser(t.app);
    const wrong = await login({ email: user.email, password: 'Wrong!Pass1' }, '203.0.113.11', 'en');
    const unknown = await login({ email: uniqueEmail(), password: 'Wrong!Pass1' }, '203.0.113.11', 'en');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('does not tell an unverified account apart unless the password is right', async () => {
    const user = await createUser(t.app, { verified: false });
    const wrong = await login({ email: user.email, password: 'Wrong!Pass1' });
    expect(wrong.statusCode).toBe(401);
    const right = await login({ email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', needsVerification: true });
  });

  it('needs email, password and the human check', async () => {
    const empty = await client.post(
      '/api/auth/login',
      { recaptchaToken: 'ok' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({
      email: 'This field is required',
      password: 'This field is required',
    });
    const user = await createUser(t.app);
    const noCaptcha = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(noCaptcha.json().code).toBe('CAPTCHA_REQUIRED');
    const extra = await login({ email: user.email, password: TEST_PASSWORD, role: 'admin' });
    expect(extra.statusCode).toBe(400);
  });

  // The test app runs with RATE_LIMIT_SCALE=1000: the per-account limit must not scale with it.
  it('locks one account for one IP after 10 failures with 429 and Retry-After, not for other IPs', async () => {
    const user = await createUser(t.app);
    // The victim signed in from their own browser before: a known device (account-guard.test.ts).
    const before = await login({ email: user.email, password: TEST_PASSWORD }, '192.0.2.44');
    const device = before.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    const attacker = '198.51.100.7';
    for (let i = 0; i < 10; i++) {
      expect((await login({ email: user.email, password: `Wrong!Pass${i}` }, attacker)).statusCode).toBe(401);
    }
    // The 11th attempt is refused before the password is even checked, right or wrong.
    for (const password of ['Wrong!Pass99', TEST_PASSWORD]) {
      const res = await login({ email: user.email, password }, attacker);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('RATE_LIMITED');
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // The victim, from their own address and browser, still signs in.
    const victim = await client.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
      remoteAddress: '192.0.2.44',
      cookies: { [DEVICE_COOKIE]: device },
    });
    expect(victim.statusCode).toBe(200);
    // The attacker's address is not locked out of other accounts by this one.
    const other = await createUser(t.app);
    expect((await login({ email: other.email, password: TEST_PASSWORD }, attacker)).statusCode).toBe(200);
  });

  it('forgets the address’s earlier failures after a successful sign-in', async () => {
    // The account-wide wait (1 s, 2 s ... 60 s) is moved past; the address's 15-minute lock is not.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date());
      const user = await createUser(t.app);
      const ip = '198.51.100.8';
      for (let i = 0; i < 5; i++) await login({ email: user.email, password: 'Wrong!Pass1' }, ip);
      expect((await login({ email: user.email, password: TEST_PASSWORD }, ip)).statusCode).toBe(200);
      for (let i = 0; i < 9; i++) {
        vi.setSystemTime(new Date(Date.now() + 61_000));
        expect((await login({ email: user.email, password: 'Wrong!Pass1' }, ip)).statusCode).toBe(401);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a browser its device cookie only when it signed in: httpOnly, strict, for the auth routes', async () => {
    const user = await createUser(t.app);
    const failed = await login({ email: user.email, password: 'Wrong!Pass1' }, '198.51.100.9');
    expect(failed.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    const res = await login({ email: user.email, password: TEST_PASSWORD }, '198.51.100.9');
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie.maxAge).toBeGreaterThan(365 * 24 * 60 * 60);
  });
});

describe('POST /api/auth/login per-IP limit', () => {
  it('answers 429 once one address exceeds the scaled per-IP limit', async () => {
    const scaled = await createTestApp({ RATE_LIMIT_SCALE: '0.1' });
    try {
      const c = new TestClient(scaled.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await c.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueEmail(), password: 'x', recaptchaToken: 'ok' },
          remoteAddress: '198.51.100.200',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await scaled.close();
    }
  });
});

describe('POST /api/auth/login with the real ALTCHA check', () => {
  it('accepts a solved challenge once and refuses the same solution again', async () => {
    const real = await createTestApp({ CAPTCHA_PROVIDER: 'altcha' }, EASY_ALTCHA);
    try {
      const c = new TestClient(real.app);
      const user = await createUser(real.app);
      const solution = await solveAltcha((await c.get('/api/captcha/challenge')).json());
      const body = { email: user.email, password: TEST_PASSWORD, recaptchaToken: solution };
      expect((await c.post('/api/auth/login', body)).statusCode).toBe(200);
      const replay = await c.post('/api/auth/login', body);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().code).toBe('CAPTCHA_FAILED');
      const forged = await c.post('/api/auth/login', { ...body, recaptchaToken: 'bm90IGEgc29sdXRpb24=' });
      expect(forged.json().code).toBe('CAPTCHA_FAILED');
    } finally {
      await real.close();
    }
  });
});
