import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { linkIn, mailsTo, median } from '../../test/users';
import { emailTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { ANONYMOUS_ANSWER_FLOOR_MS } from './service';
import { createUser, uniqueEmail } from '../../test/factories';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

async function register(lang: 'ar' | 'en' = 'ar') {
  const email = uniqueEmail('verify');
  const password = 'Str0ng!Pass';
  const res = await client.post(
    '/api/auth/signup',
    { username: 'tester', email, password, recaptchaToken: 'ok' },
    { headers: { 'accept-language': lang } },
  );
  expect(res.statusCode).toBe(201);
  const [mail] = await mailsTo(t.app, email);
  const link = linkIn(mail!, '/verify-email');
  return {
    email,
    password,
    userId: res.json().userId as number,
    token: link.searchParams.get('token')!,
    query: link.search,
  };
}

const login = (email: string, password: string) =>
  client.post('/api/auth/login', { email, password, recaptchaToken: 'ok' });

describe('GET /api/auth/verify-email', () => {
  it('refuses login until verified, then verifies once and lets the user in', async () => {
    const account = await register();
    const before = await login(account.email, account.password);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'يرجى تأكيد بريدك الإلكتروني أولًا',
      needsVerification: true,
    });

    const res = await client.get(`/api/auth/verify-email${account.query}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/تم تأكيد/);
    expect((await login(account.email, account.password)).statusCode).toBe(200);

    const again = await client.get(`/api/auth/verify-email${account.query}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_VERIFIED', message: 'The email is already verified' });
  });

  it('answers TOKEN_MISSING without token or userId', async () => {
    for (const query of ['', '?token=abc', '?userId=1', '?token=&userId=1']) {
      const res = await client.get(`/api/auth/verify-email${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('TOKEN_MISSING');
    }
  });

  it('answers TOKEN_INVALID for a wrong token, a token of another user or a non-numeric id', async () => {
    const a = await register();
    const b = await register();
    const cases = [
      `?token=${'x'.repeat(43)}&userId=${a.userId}`,
      `?token=${b.token}&userId=${a.userId}`,
      `?token=${a.token}&userId=abc`,
      `?token=${a.token}&userId=-1`,
      // The same number written another way is not this link's user id.
      `?token=${a.token}&userId=0${a.userId}`,
      `?token=${a.token}&userId=%2B${a.userId}`,
    ];
    for (const query of cases) {
      const res = await client.get(`/api/auth/verify-email${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('TOKEN_INVALID');
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, a.userId));
    expect(row!.emailVerifiedAt).toBeNull();
  });

  it('answers LINK_EXPIRED after 24 hours', async () => {
    const account = await register();
    await t.app.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, account.userId));
    const res = await client.get(`/api/auth/verify-email${account.query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('LINK_EXPIRED');
    expect(res.json().message).toBe('انتهت صلاحية رابط التأكيد، فهو يعمل 24 ساعة. اطلب رسالة تأكيد جديدة.');
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('sends a new working link to an unverified account', async () => {
    const account = await register();
    const res = await client.post(
      '/api/auth/resend-verification',
      { email: account.email.toUpperCase(), recaptchaToken: 'ok' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(t.app, account.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Verify your email for Safqa');
    const fresh = linkIn(mails[0]!, '/verify-email');
    expect(fresh.searchParams.get('token')).not.toBe(account.token);
    expect((await client.get(`/api/auth/verify-email${fresh.search}`)).statusCode).toBe(200);
  });

  it('answers identically, in status, body and roughly in time, for known, verified and unknown emails', async () => {
    const unverified = await register();
    const verified = await createUser(t.app);
    const unknown = uniqueEmail('nobody');
    const times = { unverified: [] as number[], verified: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const [kind, email] of [
        ['unverified', unverified.email],
        ['verified', verified.email],
        ['unknown', unknown],
      ] as const) {
        const started = performance.now();
        const res = await client.post('/api/auth/resend-verification', { email, recaptchaToken: 'ok' });
        times[kind].push(performance.now() - started);
        bodies.add(`${res.statusCode} ${res.body}`);
      }
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toMatch(/^200 /);
    const all = [...times.unverified, ...times.verified, ...times.unknown];
    for (const ms of all) expect(ms).toBeGreaterThanOrEqual(ANONYMOUS_ANSWER_FLOOR_MS - 5);
    const medians = [median(times.unverified), median(times.verified), median(times.unknown)];
    expect(Math.max(...medians) - Math.min(...medians)).toBeLessThan(100);
    expect(await mailsTo(t.app, unverified.email)).toHaveLength(4);
    expect(await mailsTo(t.app, verified.email)).toHaveLength(0);
    expect(await mailsTo(t.app, unknown)).toHaveLength(0);
  });

  it('needs the human check and a valid email', async () => {
    const noCaptcha = await client.post('/api/auth/resend-verification', { email: uniqueEmail() });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().code).toBe('CAPTCHA_REQUIRED');
    const badEmail = await client.post('/api/auth/resend-verification', {
      email: 'nope',
      recaptchaToken: 'ok',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields.email).toBe('البريد الإلكتروني غير صالح');
  });
});
