import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refreshTokens } from '../../db/schema/auth';
import type { SecurityEvent } from '../../plugins/security-events';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../../test/factories';
import { linkIn, mailsTo, signIn } from '../../test/users';
import { REUSE_GRACE_MS } from './sessions';

/**
 * Every sign-in and session event reaches app.securityEvents (API.md "Account security"), the one
 * place an audit log subscribes to: here a subscriber sees each, with the account it concerns.
 */
let t: TestApp;
let client: TestClient;
const seen: (SecurityEvent & { at: Date })[] = [];
let unsubscribe: () => void;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  unsubscribe = t.app.securityEvents.subscribe((event) => void seen.push(event));
});
afterAll(async () => {
  unsubscribe();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Events of one account so far, once the listeners (queued as microtasks) have run. */
async function eventsOf(userId: number) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return seen.filter((event) => event.userId === userId);
}

const login = (email: string, password: string, ip = '203.0.113.60') =>
  client.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, recaptchaToken: 'ok' },
    remoteAddress: ip,
  });

describe('security events from the auth routes', () => {
  it('reports failed, throttled and successful sign-ins, and a new device', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const user = await createUser(t.app);
    await signIn(t.app, user.email);
    for (let i = 0; i < 10; i++) await login(user.email, 'Wrong!Pass1', `203.0.113.${70 + i}`);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    vi.setSystemTime(new Date(Date.now() + 1000));
    const ok = await login(user.email, TEST_PASSWORD, '198.51.100.61');
    expect(ok.statusCode).toBe(200);
    const events = await eventsOf(user.id);
    expect(events.map((event) => event.type)).toEqual([
      'login_succeeded',
      ...Array<string>(10).fill('login_failed'),
      'login_throttled',
      'new_device',
      'login_succeeded',
    ]);
    expect(events[11]).toMatchObject({ ip: '203.0.113.60', detail: { scope: 'account', retryAfter: 1 } });
    expect(events.at(-1)).toMatchObject({ ip: '198.51.100.61', detail: { method: 'password' } });
    expect(JSON.stringify(events)).not.toContain('Wrong!Pass1');
  });

  it('reports a failed sign-in with an unknown email without an account', async () => {
    const before = seen.length;
    await login(uniqueEmail('ghost'), 'Wrong!Pass1', '203.0.113.90');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.slice(before)).toEqual([
      expect.objectContaining({ type: 'login_failed', userId: undefined, ip: '203.0.113.90' }),
    ]);
  });

  it('reports logout, one session revoked, the others revoked and refresh-token reuse', async () => {
    const user = await createUser(t.app);
    const phone = await signIn(t.app, user.email);
    await signIn(t.app, user.email); // a laptop
    await signIn(t.app, user.email); // a tablet
    const sessions = (await client.get('/api/auth/sessions', { token: phone.accessToken })).json().data as {
      id: number;
      current: boolean;
    }[];
    const notPhone = sessions.filter((s) => !s.current);
    expect(
      (await client.delete(`/api/auth/sessions/${notPhone[0]!.id}`, { token: phone.accessToken })).statusCode,
    ).toBe(204);
    expect(
      (await client.post('/api/auth/sessions/revoke-others', undefined, { token: phone.accessToken }))
        .statusCode,
    ).toBe(204);
    expect((await client.post('/api/auth/logout', {}, { token: phone.accessToken })).statusCode).toBe(204);

    const reused = await signIn(t.app, user.email);
    await client.post('/api/auth/refresh', { refreshToken: reused.refreshToken }, { token: null });
    await t.app.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.userId, user.id));
    await client.post('/api/auth/refresh', { refreshToken: reused.refreshToken }, { token: null });

    const types = (await eventsOf(user.id)).map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'session_revoked',
        'other_sessions_revoked',
        'logout',
        'refresh_reuse_detected',
      ]),
    );
    expect(types.filter((type) => type === 'session_revoked')).toHaveLength(1);
  });

  it('reports a password changed and a password reset', async () => {
    const user = await createUser(t.app, { language: 'en' });
    const changed = await client.post(
      '/api/users/me/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Chang3d!Pass' },
      { token: user.token },
    );
    expect(changed.statusCode).toBe(200);
    await client.post('/api/auth/forgot-password', { email: user.email, recaptchaToken: 'ok' });
    const [mail] = await mailsTo(t.app, user.email);
    const token = linkIn(mail!, '/reset-password').searchParams.get('token');
    const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'N3w!Password' });
    expect(reset.statusCode).toBe(200);
    const types = (await eventsOf(user.id)).map((event) => event.type);
    expect(types).toEqual(['password_changed', 'password_reset']);
  });
});
