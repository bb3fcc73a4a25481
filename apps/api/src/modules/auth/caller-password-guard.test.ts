import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { eventually } from '../../test/eventually';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { codeAt, enableTwoStep } from '../../test/two-step';
import { mailsTo } from '../../test/users';

/**
 * A stolen session is no password oracle (issue [security-2] 4): the password typed by a signed-in
 * caller counts in the same per-account failures as sign-in (API.md "Account security"), and the
 * two-step calls answer one code for a wrong password or a wrong code. The clock is Date only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

function freezeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
}

const alertsTo = async (email: string) =>
  (await mailsTo(t.app, email)).filter((mail) => /failed sign-ins|محاولات دخول فاشلة/.test(mail.subject));

const changePassword = (user: TestUser, currentPassword: string) =>
  user.client.post('/api/users/me/password', { currentPassword, newPassword: 'New#Passw0rd-123' });

async function auditActions(userId: number, action: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(userId))));
}

describe('the password behind a session counts with sign-in failures', () => {
  it('POST /api/users/me/password: 10 wrong answers 400, the 11th 429 with Retry-After, even the right one; the owner is emailed once', async () => {
    freezeClock();
    const user = await createUser(t.app, { language: 'en' });
    for (let i = 0; i < 10; i++) {
      expect((await changePassword(user, `Wrong!Pass${i}`)).json().code).toBe('WRONG_PASSWORD');
    }
    for (const password of ['Wrong!Pass99', TEST_PASSWORD]) {
      const held = await changePassword(user, password);
      expect(held.statusCode).toBe(429);
      expect(held.json().code).toBe('RATE_LIMITED');
      expect(held.headers['retry-after']).toBe('1');
    }
    expect(await alertsTo(user.email)).toHaveLength(1);
    await eventually(async () => {
      expect(await auditActions(user.id, 'security.login_failed')).toHaveLength(10);
      expect(await auditActions(user.id, 'security.login_throttled')).toHaveLength(2);
    });
    // Sign-in shares the count: the account's next try there waits too.
    const login = await new TestClient(t.app).post(
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
      { token: null },
    );
    expect(login.statusCode).toBe(429);
  });

  it('the two-step calls answer one 400 PASSWORD_OR_CODE_INVALID for either wrong, and 429 past the limit', async () => {
    const user = await createUser(t.app);
    const { secret } = await enableTwoStep(user);
    const code = await codeAt(secret);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const calls = [
      (body: object) => user.client.delete('/api/auth/mfa/totp', { payload: body }),
      (body: object) => user.client.post('/api/auth/mfa/recovery-codes', body),
    ];
    for (const call of calls) {
      const wrongPassword = await call({ password: 'Wrong#Pass123', code });
      const badCode = await call({ password: TEST_PASSWORD, code: wrongCode });
      const both = await call({ password: 'Wrong#Pass123', code: wrongCode });
      for (const res of [wrongPassword, badCode, both]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(wrongPassword.json());
      }
      expect(wrongPassword.json().code).toBe('PASSWORD_OR_CODE_INVALID');
    }
    // Four wrong passwords so far; six more reach the limit, shared by both calls.
    freezeClock();
    for (let i = 0; i < 6; i++) {
      expect((await calls[i % 2]!({ password: `Wrong!Pass${i}`, code })).statusCode).toBe(400);
    }
    for (const call of calls) {
      const held = await call({ password: TEST_PASSWORD, code });
      expect(held.statusCode).toBe(429);
      expect(held.headers['retry-after']).toBe('1');
    }
    vi.setSystemTime(new Date(Date.now() + 1000));
    // A wrong password never spent the code: once the wait is over the right pair works.
    expect((await calls[1]!({ password: TEST_PASSWORD, code })).statusCode).toBe(200);
  });
});
