import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { codeAt, enableTwoStep } from '../../test/two-step';
import { authSessions, mfaChallenges, totpFactors } from '../../db/schema/auth';
import { hashToken } from '../../lib/tokens';
import type { SecurityEvent } from '../../plugins/security-events';
import { sealSecret } from './totp';

let t: TestApp;
let anonymous: TestClient;
const events: SecurityEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  anonymous = new TestClient(t.app);
  t.app.securityEvents.subscribe((event) => {
    events.push(event);
  });
});
afterAll(async () => t.close());

const login = (user: TestUser) =>
  anonymous.post(
    '/api/auth/login',
    { email: user.email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
    { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } },
  );
const verify = (body: Record<string, unknown>, lang = 'ar') =>
  anonymous.post('/api/auth/mfa/verify', body, { headers: { 'accept-language': lang } });

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

async function twoStepUser() {
  const user = await createUser(t.app);
  return { user, ...(await enableTwoStep(user)) };
}

async function mfaTokenOf(user: TestUser): Promise<string> {
  const res = await login(user);
  expect(res.statusCode).toBe(200);
  return res.json().mfaToken;
}

describe('POST /api/auth/login with two-step sign-in on', () => {
  it('answers mfaRequired with a token and the methods, and neither tokens nor cookies', async () => {
    const { user } = await twoStepUser();
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
      methods: ['totp', 'recovery'],
    });
    expect(res.cookies.filter((c) => c.name !== 'XSRF-TOKEN')).toEqual([]);
    const sessions = await t.app.db.select().from(authSessions).where(eq(authSessions.userId, user.id));
    // Only the session createUser made: the password alone opened none.
    expect(sessions).toHaveLength(1);
  });

  it('still refuses a wrong password first, without a token', async () => {
    const { user } = await twoStepUser();
    const res = await anonymous.post('/api/auth/login', {
      email: user.email,
      password: 'Wrong#Pass123',
      recaptchaToken: 'ok',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('is unchanged for an account without two-step sign-in', async () => {
    const user = await createUser(t.app);
    const res = await login(user);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
  });
});

describe('POST /api/auth/mfa/verify', () => {
  it('signs in with the current code exactly as a login does: tokens, a listed session, the device', async () => {
    const { user, secret } = await twoStepUser();
    const mfaToken = await mfaTokenOf(user);
    const res = await anonymous.post(
      '/api/auth/mfa/verify',
      { mfaToken, code: await codeAt(secret) },
      { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' } },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: user.id, role: 'owner', username: user.username, email: user.email });
    expect(decodeJwt(body.accessToken).sub).toBe(String(user.id));
    expect((await anonymous.get('/api/users/me', { token: body.accessToken })).json().id).toBe(user.id);
    const refreshed = await anonymous.post('/api/auth/refresh', { refreshToken: body.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const devices = (await anonymous.get('/api/auth/sessions', { token: body.accessToken })).json().data;
    expect(devices.find((d: { current: boolean }) => d.current).device).toMatch(/Chrome/);
  });

  it('accepts the previous step’s code and refuses one from two steps back', async () => {
    const { user, secret } = await twoStepUser();
    const twoBack = await verify({ mfaToken: await mfaTokenOf(user), code: await codeAt(secret, 2) }, 'en');
    expect(twoBack.statusCode).toBe(401);
    expect(twoBack.json()).toEqual({ code: 'CODE_INVALID', message: 'The code is wrong' });
    // The confirming code was the previous step's: reset the memory so that step is usable again.
    await t.app.db.update(totpFactors).set({ lastUsedStep: null }).where(eq(totpFactors.userId, user.id));
    const previous = await verify({ mfaToken: await mfaTokenOf(user), code: await codeAt(secret, 1) });
    expect(previous.statusCode).toBe(200);
  });

  it('never accepts one code twice, even for a fresh sign-in', async () => {
    const { user, secret } = await twoStepUser();
    const code = await codeAt(secret);
    expect((await verify({ mfaToken: await mfaTokenOf(user), code })).statusCode).toBe(200);
    const replay = await verify({ mfaToken: await mfaTokenOf(user), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('CODE_INVALID');
  });

  it('refuses a token used once already', async () => {
    const { user, secret, recoveryCodes } = await twoStepUser();
    const mfaToken = await mfaTokenOf(user);
    expect((await verify({ mfaToken, code: await codeAt(secret) })).statusCode).toBe(200);
    const again = await verify({ mfaToken, recoveryCode: recoveryCodes[0] });
    expect(again.statusCode).toBe(401);
  });

  it('allows five tries per token; after them even the right code is refused', async () => {
    const { user, secret } = await twoStepUser();
    const mfaToken = await mfaTokenOf(user);
    for (let i = 0; i < 5; i += 1) {
      const res = await verify({ mfaToken, code: otherThan(await codeAt(secret)) });
      expect(res.statusCode).toBe(401);
    }
    const right = await verify({ mfaToken, code: await codeAt(secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('CODE_INVALID');
    // A new sign-in starts a new count.
    expect((await verify({ mfaToken: await mfaTokenOf(user), code: await codeAt(secret) })).statusCode).toBe(
      200,
    );
    const failed = events.filter((e) => e.userId === user.id && e.type === 'mfa_failed');
    expect(failed).toHaveLength(5);
  });

  it('allows an account twenty tries in fifteen minutes, however many sign-ins bring them', async () => {
    const { user, secret } = await twoStepUser();
    for (let token = 0; token < 4; token += 1) {
      const mfaToken = await mfaTokenOf(user);
      for (let i = 0; i < 5; i += 1) {
        expect((await verify({ mfaToken, code: otherThan(await codeAt(secret)) })).statusCode).toBe(401);
      }
    }
    const mfaToken = await mfaTokenOf(user);
    const right = await verify({ mfaToken, code: await codeAt(secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('CODE_INVALID');
    // Fifteen minutes later the old tries no longer count.
    await t.app.db
      .update(mfaChallenges)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(mfaChallenges.userId, user.id));
    expect((await verify({ mfaToken: await mfaTokenOf(user), code: await codeAt(secret) })).statusCode).toBe(
      200,
    );
  });

  it('refuses a token older than five minutes', async () => {
    const { user, secret } = await twoStepUser();
    const mfaToken = await mfaTokenOf(user);
    await t.app.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.tokenHash, hashToken(mfaToken)));
    const res = await verify({ mfaToken, code: await codeAt(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('CODE_INVALID');
  });

  it('gives the token five minutes', async () => {
    const { user } = await twoStepUser();
    const mfaToken = await mfaTokenOf(user);
    const [row] = await t.app.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.tokenHash, hashToken(mfaToken)));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);
  });

  it('takes a recovery code once, whatever its case and spacing; the second time it is refused', async () => {
    const { user, recoveryCodes } = await twoStepUser();
    const typed = ` ${recoveryCodes[3]!.toUpperCase().replace('-', ' ')} `;
    const first = await verify({ mfaToken: await mfaTokenOf(user), recoveryCode: typed });
    expect(first.statusCode).toBe(200);
    const second = await verify({ mfaToken: await mfaTokenOf(user), recoveryCode: recoveryCodes[3] });
    expect(second.statusCode).toBe(401);
    expect(second.json().code).toBe('CODE_INVALID');
    const status = (await anonymous.get('/api/auth/mfa', { token: first.json().accessToken })).json();
    expect(status.recoveryCodesLeft).toBe(9);
    const used = events.find((e) => e.userId === user.id && e.type === 'recovery_code_used');
    expect(used?.detail).toEqual({ recoveryCodesLeft: 9 });
  });

  it('refuses another user’s recovery code and an unknown token alike', async () => {
    const { user } = await twoStepUser();
    const { recoveryCodes: others } = await twoStepUser();
    const foreign = await verify({ mfaToken: await mfaTokenOf(user), recoveryCode: others[0] });
    expect(foreign.statusCode).toBe(401);
    const unknown = await verify({ mfaToken: 'not-a-token', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe((await verify({ mfaToken: 'also-not', code: '123456' })).body);
  });

  it('refuses codes without a 500 when the secret was sealed under another JWT_SECRET; recovery codes still work', async () => {
    const { user, secret, recoveryCodes } = await twoStepUser();
    await t.app.db
      .update(totpFactors)
      .set({ secret: sealSecret(secret, 'a-different-jwt-secret-of-32-characters!') })
      .where(eq(totpFactors.userId, user.id));
    const code = await verify({ mfaToken: await mfaTokenOf(user), code: await codeAt(secret) });
    expect(code.statusCode).toBe(401);
    expect(code.json().code).toBe('CODE_INVALID');
    const recovery = await verify({ mfaToken: await mfaTokenOf(user), recoveryCode: recoveryCodes[0] });
    expect(recovery.statusCode).toBe(200);
  });

  it('answers 400 for both methods at once, neither, or an unknown field', async () => {
    const { user } = await twoStepUser();
    const mfaToken = await mfaTokenOf(user);
    for (const body of [
      { mfaToken, code: '123456', recoveryCode: 'abcde-fghjk' },
      { mfaToken },
      { mfaToken, code: '123456', remember: true },
      { code: '123456' },
    ]) {
      const res = await verify(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
