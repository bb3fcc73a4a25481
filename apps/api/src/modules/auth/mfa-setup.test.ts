import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, sessionToken, TEST_PASSWORD } from '../../test/factories';
import { codeAt, enableTwoStep } from '../../test/two-step';
import { rowCounts } from '../../test/row-counts';
import { recoveryCodes, totpFactors } from '../../db/schema/auth';
import type { SecurityEvent } from '../../plugins/security-events';

let t: TestApp;
const events: SecurityEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.securityEvents.subscribe((event) => {
    events.push(event);
  });
});
afterAll(async () => t.close());

/** Listeners run after the emitter returns: let them. */
const settled = () => new Promise((done) => setTimeout(done, 0));
const eventsOf = (userId: number) => events.filter((e) => e.userId === userId).map((e) => e.type);

describe('POST /api/auth/mfa/totp/setup', () => {
  it('answers a secret, its otpauth URL and a QR code as SVG, and turns nothing on', async () => {
    const user = await createUser(t.app);
    const res = await user.client.post('/api/auth/mfa/totp/setup');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(body.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe('Safqa');
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect((await user.client.get('/api/auth/mfa')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    // Signing in still needs only the password.
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      recaptchaToken: 'ok',
    });
    expect(login.json().accessToken).toEqual(expect.any(String));
  });

  it('stores the secret sealed, never as the base32 the user saw', async () => {
    const user = await createUser(t.app);
    const { secret } = (await user.client.post('/api/auth/mfa/totp/setup')).json();
    const [row] = await t.app.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row!.pendingSecret).not.toContain(secret);
    expect(row!.secret).toBeNull();
  });

  it('refuses a body with fields', async () => {
    const user = await createUser(t.app);
    const res = await user.client.post('/api/auth/mfa/totp/setup', { secret: 'JBSWY3DPEHPK3PXP' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 401 without a signed-in user', async () => {
    const res = await new TestClient(t.app).post('/api/auth/mfa/totp/setup');
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/mfa/totp/confirm', () => {
  it('turns two-step on with a right code and answers ten distinct recovery codes, stored hashed', async () => {
    const user = await createUser(t.app);
    const { recoveryCodes: codes } = await enableTwoStep(user);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((code) => row.codeHash.includes(code))).toBe(false);
    const status = (await user.client.get('/api/auth/mfa')).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await settled();
    expect(eventsOf(user.id)).toContain('mfa_enabled');
  });

  it('answers 400 CODE_INVALID for a wrong code, and two-step stays off', async () => {
    const user = await createUser(t.app);
    const { secret } = (await user.client.post('/api/auth/mfa/totp/setup')).json();
    const right = await codeAt(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const res = await user.client.post(
      '/api/auth/mfa/totp/confirm',
      { code: wrong },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'CODE_INVALID', message: 'The code is wrong' });
    expect((await user.client.get('/api/auth/mfa')).json().enabled).toBe(false);
    await settled();
    expect(eventsOf(user.id)).toContain('mfa_failed');
  });

  it('answers 400 CODE_INVALID when no setup was started', async () => {
    const user = await createUser(t.app);
    const res = await user.client.post('/api/auth/mfa/totp/confirm', { code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_INVALID');
  });

  it('takes Arabic-Indic digits, and refuses malformed codes and unknown fields with 400', async () => {
    const user = await createUser(t.app);
    const { secret } = (await user.client.post('/api/auth/mfa/totp/setup')).json();
    const code = await codeAt(secret);
    const counts = await rowCounts(t.app.db);
    for (const body of [{ code: '12345' }, { code: 'abcdef' }, { code: 123456 }, { code, extra: 1 }, {}]) {
      const res = await user.client.post('/api/auth/mfa/totp/confirm', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await rowCounts(t.app.db)).toEqual(counts);
    const arabic = code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const res = await user.client.post('/api/auth/mfa/totp/confirm', { code: arabic });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the active secret while a second setup waits for its code', async () => {
    const user = await createUser(t.app);
    const { secret } = await enableTwoStep(user);
    const second = (await user.client.post('/api/auth/mfa/totp/setup')).json();
    expect(second.secret).not.toBe(secret);
    expect((await user.client.get('/api/auth/mfa')).json().enabled).toBe(true);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      recaptchaToken: 'ok',
    });
    const verify = await new TestClient(t.app).post('/api/auth/mfa/verify', {
      mfaToken: login.json().mfaToken,
      code: await codeAt(secret),
    });
    expect(verify.statusCode).toBe(200);
  });
});

describe('DELETE /api/auth/mfa/totp', () => {
  it('needs the password and a code, turns two-step off and ends every other session', async () => {
    const user = await createUser(t.app);
    const { secret } = await enableTwoStep(user);
    const other = await sessionToken(t.app, user.id, 'owner');
    expect((await user.client.get('/api/users/me', { token: other })).statusCode).toBe(200);

    const code = await codeAt(secret);
    const wrongPassword = await user.client.delete('/api/auth/mfa/totp', {
      payload: { password: 'Wrong#Pass123', code },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('PASSWORD_OR_CODE_INVALID');
    const wrongCode = await user.client.delete('/api/auth/mfa/totp', {
      payload: { password: TEST_PASSWORD, code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual(wrongPassword.json());
    const onlyPassword = await user.client.delete('/api/auth/mfa/totp', {
      payload: { password: TEST_PASSWORD },
    });
    expect(onlyPassword.statusCode).toBe(400);
    expect((await user.client.get('/api/auth/mfa')).json().enabled).toBe(true);

    const res = await user.client.delete('/api/auth/mfa/totp', {
      payload: { password: TEST_PASSWORD, code },
    });
    expect(res.statusCode).toBe(204);
    expect((await user.client.get('/api/auth/mfa')).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const revoked = await user.client.get('/api/users/me', { token: other });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('SESSION_REVOKED');
    expect((await user.client.get('/api/users/me')).statusCode).toBe(200);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      recaptchaToken: 'ok',
    });
    expect(login.json().accessToken).toEqual(expect.any(String));
    await settled();
    expect(eventsOf(user.id)).toContain('mfa_disabled');
  });
});

describe('POST /api/auth/mfa/recovery-codes', () => {
  it('answers ten new codes; the old ones stop working and the new ones work', async () => {
    const user = await createUser(t.app);
    const { secret, recoveryCodes: old } = await enableTwoStep(user);
    const wrong = await user.client.post('/api/auth/mfa/recovery-codes', {
      password: 'Wrong#Pass123',
      code: await codeAt(secret),
    });
    expect(wrong.statusCode).toBe(400);
    const res = await user.client.post('/api/auth/mfa/recovery-codes', {
      password: TEST_PASSWORD,
      code: await codeAt(secret),
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);

    const anonymous = new TestClient(t.app);
    const signIn = async () =>
      (
        await anonymous.post('/api/auth/login', {
          email: user.email,
          password: TEST_PASSWORD,
          recaptchaToken: 'ok',
        })
      ).json().mfaToken as string;
    const withOld = await anonymous.post('/api/auth/mfa/verify', {
      mfaToken: await signIn(),
      recoveryCode: old[0],
    });
    expect(withOld.statusCode).toBe(401);
    const withNew = await anonymous.post('/api/auth/mfa/verify', {
      mfaToken: await signIn(),
      recoveryCode: fresh[0],
    });
    expect(withNew.statusCode).toBe(200);
    await settled();
    expect(eventsOf(user.id)).toEqual(
      expect.arrayContaining(['recovery_codes_regenerated', 'recovery_code_used']),
    );
  });
});
