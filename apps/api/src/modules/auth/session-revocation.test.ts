import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { listenOnSocket, openSse } from '../../test/sse-client';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { linkIn, mailsTo, signIn } from '../../test/users';
import { refreshTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { REUSE_GRACE_MS } from './sessions';

/** API.md "Account security": an access token of an ended session is refused at once, streams close. */
let t: TestApp;
let client: TestClient;
let socketPath: string;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  socketPath = await listenOnSocket(t.app);
});
afterAll(async () => t.close());

const rename = (token: string, username: string) => client.patch('/api/users/me', { username }, { token });
const stream = (token: string) => client.get(`/api/chat/stream?token=${token}`, { token: null });

async function expectRevoked(token: string) {
  const patched = await rename(token, 'intruder');
  expect(patched.statusCode).toBe(401);
  expect(patched.json().code).toBe('SESSION_REVOKED');
  const opened = await stream(token);
  expect(opened.statusCode).toBe(401);
  expect(opened.json().code).toBe('SESSION_REVOKED');
}

async function signedIn() {
  const user = await createUser(t.app);
  return { user, ...(await signIn(t.app, user.email)) };
}

describe('an ended session', () => {
  it('after logout, its access token no longer reads or changes the account, nor opens a stream', async () => {
    const s = await signedIn();
    // The control: the same calls succeed while the session lives.
    expect((await rename(s.accessToken, 'before')).statusCode).toBe(200);
    expect(
      (await client.post('/api/auth/logout', { refreshToken: s.refreshToken }, { token: s.accessToken }))
        .statusCode,
    ).toBe(204);
    await expectRevoked(s.accessToken);
    expect((await client.get('/api/users/me', { token: s.accessToken })).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, s.user.id));
    expect(row!.username).toBe('before');
  });

  it('after a password reset, every session of the user is refused; another user is untouched', async () => {
    const phone = await signedIn();
    const laptop = await signIn(t.app, phone.user.email);
    const bystander = await signedIn();
    const forgot = await client.post('/api/auth/forgot-password', {
      email: phone.user.email,
      recaptchaToken: 'ok',
    });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await mailsTo(t.app, phone.user.email);
    const token = linkIn(mail!, '/reset-password').searchParams.get('token');
    const reset = await client.post('/api/auth/reset-password', { token, newPassword: 'N3w!Password' });
    expect(reset.statusCode).toBe(200);
    await expectRevoked(phone.accessToken);
    await expectRevoked(laptop.accessToken);
    expect((await rename(bystander.accessToken, 'still-here')).statusCode).toBe(200);
  });

  it('after a password change, the other sessions are refused and the one that changed it goes on', async () => {
    const here = await signedIn();
    const there = await signIn(t.app, here.user.email);
    const changed = await client.post(
      '/api/users/me/password',
      { currentPassword: TEST_PASSWORD, newPassword: 'Chang3d!Pass' },
      { token: here.accessToken },
    );
    expect(changed.statusCode).toBe(200);
    await expectRevoked(there.accessToken);
    expect((await rename(here.accessToken, 'kept')).statusCode).toBe(200);
  });

  it('after refresh-token reuse is detected, the access tokens of that family are refused', async () => {
    const s = await signedIn();
    const rotated = await client.post('/api/auth/refresh', { refreshToken: s.refreshToken }, { token: null });
    const fresh = rotated.json().accessToken as string;
    expect((await rename(fresh, 'rotated')).statusCode).toBe(200);
    await t.app.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.userId, s.user.id));
    const replay = await client.post('/api/auth/refresh', { refreshToken: s.refreshToken }, { token: null });
    expect(replay.json().code).toBe('SESSION_EXPIRED');
    await expectRevoked(s.accessToken);
    await expectRevoked(fresh);
  });

  it('closes the open event streams of that session only, with close {reason: session_revoked}', async () => {
    const s = await signedIn();
    const other = await signIn(t.app, s.user.email);
    const ended = await openSse(`http://localhost/api/chat/stream?token=${s.accessToken}`, { socketPath });
    const kept = await openSse(`http://localhost/api/chat/stream?token=${other.accessToken}`, { socketPath });
    expect([ended.status, kept.status]).toEqual([200, 200]);
    try {
      await client.post('/api/auth/logout', { refreshToken: s.refreshToken }, { token: s.accessToken });
      expect((await ended.next('close', 2000)).data).toEqual({ reason: 'session_revoked' });
      await ended.ended;
      expect(kept.isEnded()).toBe(false);
      expect(t.app.sseHub.count(s.user.id)).toBe(1);
    } finally {
      ended.close();
      kept.close();
    }
  });

  it('refuses a well-signed token that names no session, or a session of another user', async () => {
    const s = await signedIn();
    const victim = await signedIn();
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const forge = (claims: Record<string, string>) =>
      new SignJWT({ role: 'owner', ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(victim.user.id))
        .setIssuer('safqa')
        .setAudience('safqa-web')
        .setIssuedAt()
        .setExpirationTime('15m')
        .sign(key);
    const sid = (await t.app.verifyAccessToken(s.accessToken)).sessionId;
    const noSession = await rename(await forge({}), 'x');
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().code).toBe('UNAUTHENTICATED');
    const borrowed = await rename(await forge({ sid }), 'x');
    expect(borrowed.statusCode).toBe(401);
    expect(borrowed.json().code).toBe('SESSION_REVOKED');
  });

  it('answers SESSION_REVOKED in both languages', async () => {
    const s = await signedIn();
    await client.post('/api/auth/logout', { refreshToken: s.refreshToken }, { token: s.accessToken });
    const en = await client.get('/api/users/me', {
      token: s.accessToken,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json()).toEqual({
      code: 'SESSION_REVOKED',
      message: 'This session was ended. Please sign in again.',
    });
    const ar = await client.get('/api/users/me', { token: s.accessToken });
    expect(ar.json().message).toBe('أُنهيت هذه الجلسة. يرجى تسجيل الدخول مرة أخرى.');
  });
});
