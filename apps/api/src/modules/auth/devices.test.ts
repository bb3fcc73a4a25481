import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';

/** API.md "Account security": the devices list, signing one out, and signing all others out. */
let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInFrom(email: string, userAgent: string, ip: string) {
  const res = await client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    token: null,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { accessToken: string; refreshToken: string };
}

const list = (token: string, lang = 'en') =>
  client.get('/api/auth/sessions', { token, headers: { 'accept-language': lang } });

/** A user signed in on a phone and a laptop, and nowhere else. */
async function twoDevices() {
  const user = await createUser(t.app);
  // createUser's own session (no device) is not one of the two.
  await client.post('/api/auth/logout', undefined, { token: user.token });
  const phone = await signInFrom(user.email, PHONE, '203.0.113.7');
  const laptop = await signInFrom(user.email, LAPTOP, '198.51.100.20');
  return { user, phone, laptop };
}

describe('GET /api/auth/sessions', () => {
  it('lists each signed-in device with its name, address, dates and which one is asking', async () => {
    const { phone } = await twoDevices();
    const res = await list(phone.accessToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<Record<string, unknown>>;
    const byDevice = Object.fromEntries(data.map((s) => [s.device, s]));
    expect(byDevice['Chrome on Android']).toMatchObject({ ip: '203.0.113.7', current: true });
    expect(byDevice['Firefox on Linux']).toMatchObject({ ip: '198.51.100.20', current: false });
    for (const s of data) {
      expect(Number.isInteger(s.id)).toBe(true);
      expect(Date.parse(s.createdAt as string)).toBeLessThanOrEqual(Date.parse(s.lastUsedAt as string));
    }
    const arabic = (await list(phone.accessToken, 'ar')).json().data as Array<{ device: string }>;
    expect(arabic.map((s) => s.device)).toContain('Chrome على Android');
  });

  it('shows the address and time of the last refresh as the last use', async () => {
    const { phone } = await twoDevices();
    const before = ((await list(phone.accessToken)).json().data as Array<Record<string, unknown>>).find(
      (s) => s.current,
    )!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refreshed = await client.request({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: phone.refreshToken },
      remoteAddress: '192.0.2.99',
      token: null,
    });
    const after = (await list(refreshed.json().accessToken as string)).json().data as Array<
      Record<string, string | boolean>
    >;
    const current = after.find((s) => s.current)!;
    expect(current.ip).toBe('192.0.2.99');
    expect(Date.parse(current.lastUsedAt as string)).toBeGreaterThan(Date.parse(before.lastUsedAt as string));
    expect(current.createdAt).toBe(before.createdAt);
  });

  it('leaves out sessions that ended, and other users’ sessions', async () => {
    const { user, phone, laptop } = await twoDevices();
    await client.post(
      '/api/auth/logout',
      { refreshToken: laptop.refreshToken },
      { token: laptop.accessToken },
    );
    const stranger = await twoDevices();
    const data = (await list(phone.accessToken)).json().data as Array<{ device: string }>;
    expect(data.map((s) => s.device)).toEqual(['Chrome on Android']);
    expect((await list(stranger.phone.accessToken)).json().data).toHaveLength(2);
    expect(stranger.user.id).not.toBe(user.id);
  });

  it('needs a signed-in caller', async () => {
    expect((await client.get('/api/auth/sessions', { token: null })).statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('signs that device out at once and leaves the caller signed in', async () => {
    const { phone, laptop } = await twoDevices();
    const data = (await list(phone.accessToken)).json().data as Array<{ id: number; current: boolean }>;
    const other = data.find((s) => !s.current)!;
    const res = await client.delete(`/api/auth/sessions/${other.id}`, { token: phone.accessToken });
    expect(res.statusCode).toBe(204);
    const refused = await client.get('/api/users/me', { token: laptop.accessToken });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('SESSION_REVOKED');
    const refresh = await client.post(
      '/api/auth/refresh',
      { refreshToken: laptop.refreshToken },
      { token: null },
    );
    expect(refresh.statusCode).toBe(401);
    expect((await client.get('/api/users/me', { token: phone.accessToken })).statusCode).toBe(200);
    expect((await list(phone.accessToken)).json().data).toHaveLength(1);
    // Already ended: nothing left to sign out.
    expect(
      (await client.delete(`/api/auth/sessions/${other.id}`, { token: phone.accessToken })).statusCode,
    ).toBe(404);
  });

  it('answers 404 for another user’s session and leaves it signed in', async () => {
    const victim = await twoDevices();
    const attacker = await twoDevices();
    const victimSessions = (await list(victim.phone.accessToken)).json().data as Array<{ id: number }>;
    for (const { id } of victimSessions) {
      const res = await client.delete(`/api/auth/sessions/${id}`, { token: attacker.phone.accessToken });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await client.get('/api/users/me', { token: victim.laptop.accessToken })).statusCode).toBe(200);
    expect((await list(victim.phone.accessToken)).json().data).toHaveLength(2);
  });

  it('refuses an id that is not one', async () => {
    const { phone } = await twoDevices();
    const res = await client.delete('/api/auth/sessions/abc', { token: phone.accessToken });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/sessions/revoke-others', () => {
  it('signs every other device out, keeping the one that asked', async () => {
    const { user, phone, laptop } = await twoDevices();
    const tablet = await signInFrom(user.email, PHONE, '203.0.113.8');
    const res = await client.post('/api/auth/sessions/revoke-others', undefined, {
      token: phone.accessToken,
    });
    expect(res.statusCode).toBe(204);
    for (const other of [laptop, tablet]) {
      const refused = await client.get('/api/users/me', { token: other.accessToken });
      expect(refused.json().code).toBe('SESSION_REVOKED');
    }
    const left = (await list(phone.accessToken)).json().data as Array<{ current: boolean }>;
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });
});
