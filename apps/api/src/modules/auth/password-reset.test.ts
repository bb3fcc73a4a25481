import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { linkIn, mailsTo, median, signIn } from '../../test/users';
import { emailTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { ANONYMOUS_ANSWER_FLOOR_MS } from './service';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../../test/factories';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://safqa.example' });
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

const forgot = (email: string, lang = 'en') =>
  client.post(
    '/api/auth/forgot-password',
    { email, recaptchaToken: 'ok' },
    { headers: { 'accept-language': lang } },
  );

async function resetLink(email: string, lang = 'en') {
  expect((await forgot(email, lang)).statusCode).toBe(200);
  const [mail] = await mailsTo(t.app, email);
  const link = linkIn(mail!, '/reset-password');
  return { mail: mail!, link, token: link.searchParams.get('token')! };
}

describe('POST /api/auth/forgot-password', () => {
  it('answers identically, in status, body and roughly in time, for known and unknown emails', async () => {
    const user = await createUser(t.app);
    const unknown = uniqueEmail('ghost');
    const answers = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 4; i++) {
      for (const [kind, email] of [
        ['known', user.email],
        ['unknown', unknown],
      ] as const) {
        const started = performance.now();
        const res = await forgot(email);
        answers[kind].push(performance.now() - started);
        bodies.add(`${res.statusCode} ${res.body}`);
      }
    }
    expect([...bodies]).toEqual([`200 {"message":"If there is an account, an email has been sent."}`]);
    for (const ms of [...answers.known, ...answers.unknown])
      expect(ms).toBeGreaterThanOrEqual(ANONYMOUS_ANSWER_FLOOR_MS - 5);
    expect(Math.abs(median(answers.known) - median(answers.unknown))).toBeLessThan(100);
    expect(await mailsTo(t.app, user.email)).toHaveLength(4);
    expect(await mailsTo(t.app, unknown)).toHaveLength(0);
  });

  it('emails a one-hour link in the request language', async () => {
    const user = await createUser(t.app);
    const { mail, link } = await resetLink(user.email, 'ar');
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور في صفقة');
    expect(link.origin + link.pathname).toBe('https://safqa.example/reset-password');
    const [row] = await t.app.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('limits requests per email with 429, for known and unknown emails alike', async () => {
    const user = await createUser(t.app);
    const unknown = uniqueEmail('ghost');
    for (const email of [user.email, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await forgot(email)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    expect(await mailsTo(t.app, user.email)).toHaveLength(5);
  });

  it('needs the human check', async () => {
    const res = await client.post('/api/auth/forgot-password', { email: uniqueEmail(), recaptchaToken: '' });
    expect(res.json().code).toBe('CAPTCHA_REQUIRED');
  });
});

describe('reset password', () => {
  it('checks the token, resets once, ends every session and lets the new password in', async () => {
    const user = await createUser(t.app);
    const phone = await signIn(t.app, user.email);
    const laptop = await signIn(t.app, user.email);
    const { token } = await resetLink(user.email);

    const check = await client.get(`/api/auth/reset-password?token=${token}`);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true });

    const newPassword = 'N3w!Password';
    const res = await client.post(
      '/api/auth/reset-password',
      { token, newPassword },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your password has been reset. You can log in now.');

    for (const s of [phone, laptop]) {
      const r = await client.post('/api/auth/refresh', { refreshToken: s.refreshToken }, { token: null });
      expect(r.statusCode).toBe(401);
    }
    const old = await client.post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      recaptchaToken: 'ok',
    });
    expect(old.statusCode).toBe(401);
    // The notice is the newest mail before signing in again (that browser is new: it gets its own).
    const [notice] = await mailsTo(t.app, user.email);
    expect(notice!.subject).toBe('Your Safqa password was changed');
    expect((await signIn(t.app, user.email, newPassword)).accessToken).toBeTruthy();

    // A reused reset token.
    const reuse = await client.post('/api/auth/reset-password', { token, newPassword: 'An0ther!Pass' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().code).toBe('TOKEN_INVALID');
    expect((await client.get(`/api/auth/reset-password?token=${token}`)).json().code).toBe('TOKEN_INVALID');
    // The person holding a used link is told it was used, in their language, not only "invalid".
    expect((await client.get(`/api/auth/reset-password?token=${token}`)).json().message).toBe(
      'استُخدم هذا الرابط من قبل، فرابط إعادة التعيين يعمل مرة واحدة. اطلب رابطًا جديدًا إن احتجت إليه.',
    );
    const english = await t.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password?token=${token}`,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'This link was already used: a reset link works once. Request a new one if you need it.',
    });
  });

  it('kills the other reset links of the user once one is used', async () => {
    const user = await createUser(t.app);
    const first = await resetLink(user.email);
    const second = await resetLink(user.email);
    expect(
      (await client.post('/api/auth/reset-password', { token: second.token, newPassword: 'N3w!Password' }))
        .statusCode,
    ).toBe(200);
    const stale = await client.post('/api/auth/reset-password', {
      token: first.token,
      newPassword: 'N3w!Password2',
    });
    expect(stale.json().code).toBe('TOKEN_INVALID');
  });

  it('answers LINK_EXPIRED after an hour and TOKEN_MISSING / TOKEN_INVALID otherwise', async () => {
    const user = await createUser(t.app);
    const { token } = await resetLink(user.email);
    await t.app.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    expect((await client.get(`/api/auth/reset-password?token=${token}`)).json().code).toBe('LINK_EXPIRED');
    const expired = await client.post('/api/auth/reset-password', { token, newPassword: 'N3w!Password' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('LINK_EXPIRED');
    // Not the access token's "your session has expired": this is a link, and it says what to do.
    expect(expired.json().message).toBe(
      'انتهت صلاحية هذا الرابط، فرابط إعادة التعيين يعمل ساعة واحدة. اطلب رابطًا جديدًا.',
    );
    expect((await client.get('/api/auth/reset-password')).json().code).toBe('TOKEN_MISSING');
    expect((await client.get('/api/auth/reset-password?token=nope')).json().code).toBe('TOKEN_INVALID');
  });

  it('applies the password rules to the new password', async () => {
    const user = await createUser(t.app);
    const { token } = await resetLink(user.email);
    const res = await client.post(
      '/api/auth/reset-password',
      { token, newPassword: 'short' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    // The token survives a refused attempt.
    expect((await client.get(`/api/auth/reset-password?token=${token}`)).statusCode).toBe(200);
  });

  it('verifies the email of an unverified account, since the link proves the mailbox', async () => {
    const user = await createUser(t.app, { verified: false });
    const { token } = await resetLink(user.email);
    await client.post('/api/auth/reset-password', { token, newPassword: 'N3w!Password' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });
});
