import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webauthnChallenges } from '../../db/schema/auth';
import type { SecurityEvent } from '../../plugins/security-events';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { enableTwoStep } from '../../test/two-step';
import { rowCounts } from '../../test/row-counts';
import { SoftwareAuthenticator, strangerKey } from '../../test/software-authenticator';

/** API.md "Account security", the passkey rows, driven by a software authenticator. */
const PUBLIC_URL = 'https://safqa.example';
let t: TestApp;
let anonymous: TestClient;
const events: SecurityEvent[] = [];
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  anonymous = new TestClient(t.app);
  t.app.securityEvents.subscribe((event) => void events.push(event));
});
afterAll(async () => t.close());

const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
/** Security event listeners run after the emitting request answers. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Adds a passkey to `user` through the two calls the profile makes. */
async function addPasskey(user: TestUser, body: Record<string, unknown> = {}) {
  const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
  const options = await user.client.post('/api/auth/passkeys/register/options');
  expect(options.statusCode).toBe(200);
  const res = await user.client.post(
    '/api/auth/passkeys',
    { response: authenticator.register(options.json()), ...body },
    { headers: { 'user-agent': LAPTOP, 'accept-language': 'en' } },
  );
  expect(res.statusCode).toBe(201);
  return { authenticator, passkey: res.json().passkey as { id: number; name: string } };
}

const loginOptions = async (body?: Record<string, unknown>) => {
  const res = await anonymous.post('/api/auth/passkeys/login/options', body, { token: null });
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string; rpId: string; allowCredentials?: Array<{ id: string }> };
};

const passkeyLogin = (response: unknown) =>
  anonymous.post('/api/auth/passkeys/login', { response }, { token: null });

describe('adding a passkey', () => {
  it('asks for a discoverable passkey of this site and leaves out the ones the user has', async () => {
    const user = await createUser(t.app);
    const first = (await user.client.post('/api/auth/passkeys/register/options')).json();
    expect(first.rp.id).toBe('safqa.example');
    expect(first.user.name).toBe(user.email);
    expect(first.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(first.excludeCredentials).toEqual([]);
    const { authenticator } = await addPasskey(user);
    const second = (await user.client.post('/api/auth/passkeys/register/options')).json();
    expect(second.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    expect(second.challenge).not.toBe(first.challenge);
  });

  it('keeps the passkey with its name, and lists it with when it was added and last used', async () => {
    const user = await createUser(t.app);
    const named = await addPasskey(user, { name: '  مفتاح العمل  ' });
    const unnamed = await addPasskey(user);
    expect(named.passkey.name).toBe('مفتاح العمل');
    // Unnamed: called after the browser that added it.
    expect(unnamed.passkey.name).toBe('Firefox on Linux');
    const list = await user.client.get('/api/auth/passkeys');
    expect(list.statusCode).toBe(200);
    const data = list.json().data as Array<Record<string, unknown>>;
    expect(data.map((p) => p.name).sort()).toEqual(['Firefox on Linux', 'مفتاح العمل'].sort());
    for (const p of data) {
      expect(Object.keys(p).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name']);
      expect(Date.parse(p.createdAt as string)).not.toBeNaN();
      expect(p.lastUsedAt).toBeNull();
    }
    await settle();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'passkey_added',
        userId: user.id,
        detail: { passkeyId: named.passkey.id },
      }),
    );
  });

  it('refuses an answer to a challenge handed to someone else, or answered twice', async () => {
    const victim = await createUser(t.app);
    const attacker = await createUser(t.app);
    const options = (await victim.client.post('/api/auth/passkeys/register/options')).json();
    const response = new SoftwareAuthenticator(PUBLIC_URL).register(options);
    const stolen = await attacker.client.post('/api/auth/passkeys', { response });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields.response).toBeTruthy();
    // The attacker's try used the challenge up.
    expect((await victim.client.post('/api/auth/passkeys', { response })).statusCode).toBe(400);
    expect((await attacker.client.get('/api/auth/passkeys')).json().data).toEqual([]);
    expect((await victim.client.get('/api/auth/passkeys')).json().data).toEqual([]);
  });

  it('refuses a passkey added without user verification (no PIN or biometrics), and keeps nothing', async () => {
    const user = await createUser(t.app);
    const options = await user.client.post('/api/auth/passkeys/register/options');
    const response = new SoftwareAuthenticator(PUBLIC_URL).register(options.json(), { userVerified: false });
    const res = await user.client.post('/api/auth/passkeys', { response });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect((await user.client.get('/api/auth/passkeys')).json().data).toEqual([]);
  });

  it('refuses a passkey made for another site, and changes nothing', async () => {
    const user = await createUser(t.app);
    const options = (await user.client.post('/api/auth/passkeys/register/options')).json();
    const before = await rowCounts(t.app.db);
    const response = new SoftwareAuthenticator(PUBLIC_URL).register(options, {
      origin: 'https://evil.example',
    });
    const res = await user.client.post('/api/auth/passkeys', { response });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect((await rowCounts(t.app.db)).passkeys).toBe(before.passkeys);
  });

  it('refuses unknown fields, a name too long, and callers who are not signed in', async () => {
    const user = await createUser(t.app);
    const options = (await user.client.post('/api/auth/passkeys/register/options')).json();
    const response = new SoftwareAuthenticator(PUBLIC_URL).register(options);
    const extra = await user.client.post('/api/auth/passkeys', { response, name: 'a', admin: true });
    expect(extra.statusCode).toBe(400);
    const long = await user.client.post('/api/auth/passkeys', { response, name: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.name).toBeTruthy();
    const garbage = await user.client.post('/api/auth/passkeys', {
      response: { ...response, response: { ...response.response, clientDataJSON: 'bm90IGpzb24' } },
    });
    expect(garbage.statusCode).toBe(400);
    expect(
      (await anonymous.post('/api/auth/passkeys/register/options', undefined, { token: null })).statusCode,
    ).toBe(401);
    expect((await anonymous.get('/api/auth/passkeys', { token: null })).statusCode).toBe(401);
  });
});

describe('removing a passkey', () => {
  it('removes one’s own, and it no longer signs in', async () => {
    const user = await createUser(t.app);
    const { authenticator, passkey } = await addPasskey(user);
    const res = await user.client.delete(`/api/auth/passkeys/${passkey.id}`);
    expect(res.statusCode).toBe(204);
    expect((await user.client.get('/api/auth/passkeys')).json().data).toEqual([]);
    const login = await passkeyLogin(authenticator.assert(await loginOptions()));
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('PASSKEY_INVALID');
    await settle();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'passkey_removed',
        userId: user.id,
        detail: { passkeyId: passkey.id },
      }),
    );
  });

  it('answers 404 for someone else’s passkey and leaves it in place', async () => {
    const owner = await createUser(t.app);
    const attacker = await createUser(t.app);
    const { passkey } = await addPasskey(owner);
    const res = await attacker.client.delete(`/api/auth/passkeys/${passkey.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await owner.client.get('/api/auth/passkeys')).json().data).toHaveLength(1);
    expect((await attacker.client.delete('/api/auth/passkeys/0x10')).statusCode).toBe(400);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with a discoverable passkey and no email, as a password sign-in would', async () => {
    const user = await createUser(t.app);
    const { authenticator } = await addPasskey(user);
    const options = await loginOptions();
    expect(options.rpId).toBe('safqa.example');
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await passkeyLogin(authenticator.assert(options));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ id: user.id, role: 'owner', username: user.username, email: user.email });
    expect(body.mfaRequired).toBeUndefined();
    // Real tokens of a real session: the access token reads the account, the refresh token rotates.
    expect((await anonymous.get('/api/users/me', { token: body.accessToken })).statusCode).toBe(200);
    const refreshed = await anonymous.post(
      '/api/auth/refresh',
      { refreshToken: body.refreshToken },
      { token: null },
    );
    expect(refreshed.statusCode).toBe(200);
    const [listed] = (await user.client.get('/api/auth/passkeys')).json().data;
    expect(Date.parse(listed.lastUsedAt)).not.toBeNaN();
    await settle();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'login_succeeded',
        userId: user.id,
        detail: expect.objectContaining({ method: 'passkey' }),
      }),
    );
  });

  it('counts as both steps: with two-step sign-in on, a passkey signs in without a code', async () => {
    const user = await createUser(t.app);
    const { authenticator } = await addPasskey(user);
    await enableTwoStep(user);
    // The password alone now stops at the code step...
    const withPassword = await anonymous.post(
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
      { token: null },
    );
    expect(withPassword.statusCode).toBe(200);
    expect(withPassword.json()).toMatchObject({ mfaRequired: true });
    expect(withPassword.json().accessToken).toBeUndefined();
    // ...while the passkey answers a whole sign-in.
    const res = await passkeyLogin(authenticator.assert(await loginOptions()));
    expect(res.statusCode).toBe(200);
    expect(res.json().mfaRequired).toBeUndefined();
    expect((await anonymous.get('/api/users/me', { token: res.json().accessToken })).statusCode).toBe(200);
  });

  it('needs user verification to count as both steps: without the UV flag no sign-in, with it a whole one', async () => {
    const user = await createUser(t.app);
    const { authenticator } = await addPasskey(user);
    await enableTwoStep(user);
    const options = await loginOptions();
    expect(options).toMatchObject({ userVerification: 'required' });
    const unverified = await passkeyLogin(authenticator.assert(options, { userVerified: false }));
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().code).toBe('PASSKEY_INVALID');
    expect(unverified.json().accessToken).toBeUndefined();
    const verified = await passkeyLogin(authenticator.assert(await loginOptions()));
    expect(verified.statusCode).toBe(200);
    expect((await anonymous.get('/api/users/me', { token: verified.json().accessToken })).statusCode).toBe(
      200,
    );
  });

  it('refuses the same signed answer a second time', async () => {
    const user = await createUser(t.app);
    const { authenticator } = await addPasskey(user);
    const assertion = authenticator.assert(await loginOptions());
    expect((await passkeyLogin(assertion)).statusCode).toBe(200);
    const replay = await passkeyLogin(assertion);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('PASSKEY_INVALID');
  });

  it('refuses an assertion whose signature is not the passkey’s, and the challenge is used up', async () => {
    const user = await createUser(t.app);
    const { authenticator } = await addPasskey(user);
    const options = await loginOptions();
    const forged = await passkeyLogin(authenticator.assert(options, { signWith: strangerKey() }));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('PASSKEY_INVALID');
    // Even the genuine answer to that challenge is refused now: a failed try burns it.
    expect((await passkeyLogin(authenticator.assert(options))).statusCode).toBe(401);
  });

  it('refuses a counter that went backwards (a cloned authenticator)', async () => {
    const user = await createUser(t.app);
    const { authenticator } = await addPasskey(user);
    expect((await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 5 }))).statusCode).toBe(
      200,
    );
    const clone = await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 3 }));
    expect(clone.statusCode).toBe(401);
    expect(clone.json().code).toBe('PASSKEY_INVALID');
    const same = await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 5 }));
    expect(same.statusCode).toBe(401);
    expect((await passkeyLogin(authenticator.assert(await loginOptions(), { counter: 6 }))).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired challenge, one never handed out, and another site’s origin', async () => {
    const user = await createUser(t.app);
    const { authenticator } = await addPasskey(user);
    const expired = await loginOptions();
    await t.app.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.purpose, 'login'));
    expect((await passkeyLogin(authenticator.assert(expired))).statusCode).toBe(401);
    const invented = { challenge: Buffer.from('made up').toString('base64url'), rpId: 'safqa.example' };
    expect((await passkeyLogin(authenticator.assert(invented))).statusCode).toBe(401);
    const phished = authenticator.assert(await loginOptions(), { origin: 'https://safqa.example.evil' });
    expect((await passkeyLogin(phished)).statusCode).toBe(401);
    expect((await passkeyLogin(authenticator.assert(await loginOptions()))).statusCode).toBe(200);
  });

  it('with an email, offers that account’s passkeys and accepts no one else’s', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const { authenticator } = await addPasskey(owner);
    const { authenticator: othersKey } = await addPasskey(other);
    const options = await loginOptions({ email: owner.email.toUpperCase() });
    expect(options.allowCredentials!.map((c) => c.id)).toEqual([authenticator.id]);
    expect((await passkeyLogin(othersKey.assert(options))).statusCode).toBe(401);
    const own = await passkeyLogin(authenticator.assert(await loginOptions({ email: owner.email })));
    expect(own.statusCode).toBe(200);
    expect(own.json().user.id).toBe(owner.id);
  });

  it('answers an unknown email in the same shape as a known one, the same each time', async () => {
    const known = await createUser(t.app);
    await addPasskey(known);
    const unknown = 'nobody-here@example.com';
    const a = await loginOptions({ email: unknown });
    const b = await loginOptions({ email: unknown });
    const real = await loginOptions({ email: known.email });
    expect(Object.keys(a).sort()).toEqual(Object.keys(real).sort());
    expect(a.allowCredentials).toHaveLength(1);
    expect(a.allowCredentials).toEqual(b.allowCredentials);
    expect(a.allowCredentials![0]!.id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // A known account without passkeys looks the same as no account.
    const bare = await createUser(t.app);
    expect((await loginOptions({ email: bare.email })).allowCredentials).toHaveLength(1);
  });

  it('refuses bodies that are not an assertion without a 500', async () => {
    const bodies = [
      {},
      { response: {} },
      { response: 'x' },
      { response: { id: 'a', rawId: 'a', type: 'public-key', clientExtensionResults: {}, response: {} } },
      { email: 'a@b.co' },
    ];
    for (const body of bodies) {
      const res = await anonymous.post('/api/auth/passkeys/login', body, { token: null });
      expect(res.statusCode).toBe(400);
    }
    const notAnEmail = await anonymous.post(
      '/api/auth/passkeys/login/options',
      { email: 'nope' },
      { token: null },
    );
    expect(notAnEmail.statusCode).toBe(400);
  });
});
