import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/users';
import { auditLog } from '../../db/schema/audit';
import { refreshTokens } from '../../db/schema/auth';
import { eventually } from '../../test/eventually';
import { hashToken } from '../../lib/tokens';
import { createSession, REUSE_GRACE_MS } from './sessions';
import { createUser } from '../../test/factories';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

const refresh = (refreshToken: string) => client.post('/api/auth/refresh', { refreshToken }, { token: null });
const me = (token: string) => client.get('/api/users/me', { token });

async function rowOf(token: string) {
  const [row] = await t.app.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row!;
}

async function reuseAudits(userId: number) {
  const rows = await t.app.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, 'security.refresh_reuse_detected'), eq(auditLog.targetId, String(userId))),
    );
  return rows.length;
}

async function session() {
  const user = await createUser(t.app);
  return { user, ...(await signIn(t.app, user.email)) };
}

describe('POST /api/auth/refresh', () => {
  it('rotates: a new pair each time, stored hashed, the family keeping its 30-day expiry', async () => {
    const s = await session();
    const first = await rowOf(s.refreshToken);
    expect(first.tokenHash).not.toContain(s.refreshToken);
    const days = (first.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);

    const res = await refresh(s.refreshToken);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refreshToken).not.toBe(s.refreshToken);
    expect(decodeJwt(next.accessToken).sub).toBe(String(s.user.id));
    expect((await me(next.accessToken)).statusCode).toBe(200);
    const second = await rowOf(next.refreshToken);
    expect(second.familyId).toBe(first.familyId);
    expect(second.expiresAt.getTime()).toBe(first.expiresAt.getTime());
    expect((await rowOf(s.refreshToken)).rotatedAt).not.toBeNull();
  });

  it('revokes the whole family when a rotated token is replayed after the grace period', async () => {
    const s = await session();
    const t2 = (await refresh(s.refreshToken)).json().refreshToken as string;
    await t.app.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(s.refreshToken)));

    const replay = await refresh(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      code: 'SESSION_EXPIRED',
      message: 'انتهت الجلسة. يرجى تسجيل الدخول مرة أخرى.',
    });
    // The legitimate holder's current token dies with the family.
    expect((await refresh(t2)).statusCode).toBe(401);
    const t2Row = await rowOf(t2);
    expect(t2Row.revokedReason).toBe('reuse');
  });

  it('lets two tabs refresh with the same token within a few seconds', async () => {
    const s = await session();
    const [a, b] = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    // Both tabs keep working afterwards.
    expect((await refresh(a.json().refreshToken)).statusCode).toBe(200);
    expect((await refresh(b.json().refreshToken)).statusCode).toBe(200);
  });

  it('accepts a rotated token once more within the grace period, in the same family, and a second replay is audited reuse', async () => {
    const s = await session();
    const t2 = (await refresh(s.refreshToken)).json().refreshToken as string;
    const again = await refresh(s.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(decodeJwt(again.json().accessToken).sid).toBe(decodeJwt(s.accessToken).sid);

    const third = await refresh(s.refreshToken);
    expect(third.statusCode).toBe(401);
    // The whole family ends: the successor and the grace sibling alike.
    expect((await refresh(t2)).statusCode).toBe(401);
    expect((await refresh(again.json().refreshToken)).statusCode).toBe(401);
    expect((await rowOf(t2)).revokedReason).toBe('reuse');
    await eventually(async () => expect(await reuseAudits(s.user.id)).toBe(1));
  });

  it('writes a reuse after the grace period to the audit log', async () => {
    const s = await session();
    await refresh(s.refreshToken);
    await t.app.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - REUSE_GRACE_MS - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(s.refreshToken)));
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    await eventually(async () => expect(await reuseAudits(s.user.id)).toBe(1));
  });

  it('treats the grace token as reuse once its successor has itself been rotated', async () => {
    const s = await session();
    const t2 = (await refresh(s.refreshToken)).json().refreshToken as string;
    const t3 = (await refresh(t2)).json().refreshToken as string;
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t3)).statusCode).toBe(401);
  });

  it('refuses an expired family, an unknown token and an empty body', async () => {
    const s = await session();
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(s.refreshToken)));
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await refresh('x'.repeat(43))).json().code).toBe('SESSION_EXPIRED');
    const empty = await client.post('/api/auth/refresh', {}, { token: null });
    expect(empty.statusCode).toBe(400);
  });

  it('answers the current role after a promotion', async () => {
    const s = await session();
    await t.app.users.ensureAdmin({ email: s.user.email });
    const res = await refresh(s.refreshToken);
    expect(decodeJwt(res.json().accessToken).role).toBe('admin');
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204 and revokes the session', async () => {
    const s = await session();
    const res = await client.post(
      '/api/auth/logout',
      { refreshToken: s.refreshToken },
      { token: s.accessToken },
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await rowOf(s.refreshToken)).revokedReason).toBe('logout');
  });

  it('revokes the session of the access token even without a body, and leaves other sessions alone', async () => {
    const user = await createUser(t.app);
    const phone = await signIn(t.app, user.email);
    const laptop = await signIn(t.app, user.email);
    const res = await client.post('/api/auth/logout', undefined, { token: phone.accessToken });
    expect(res.statusCode).toBe(204);
    expect((await refresh(phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(laptop.refreshToken)).statusCode).toBe(200);
  });

  it('cannot end someone else’s session', async () => {
    const victim = await session();
    const attacker = await session();
    await client.post(
      '/api/auth/logout',
      { refreshToken: victim.refreshToken },
      { token: attacker.accessToken },
    );
    expect((await refresh(victim.refreshToken)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await client.post('/api/auth/logout', { refreshToken: 'x' }, { token: null });
    expect(res.statusCode).toBe(401);
  });
});

describe('access token attacks (plugins/auth.ts)', () => {
  const key = () => new TextEncoder().encode(t.config.jwtSecret);

  async function token(
    id: number,
    options: {
      sid?: string;
      secret?: Uint8Array;
      audience?: string;
      issuer?: string;
      expires?: number | string;
      alg?: string;
    } = {},
  ) {
    return new SignJWT({ role: 'admin', sid: options.sid ?? (await createSession(t.app.db, id)).sessionId })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(String(id))
      .setIssuer(options.issuer ?? 'safqa')
      .setAudience(options.audience ?? 'safqa-web')
      .setIssuedAt()
      .setExpirationTime(options.expires ?? '15m')
      .sign(options.secret ?? key());
  }

  it('accepts a well-formed token (the control for the cases below)', async () => {
    const user = await createUser(t.app, { role: 'admin' });
    expect((await me(await token(user.id))).statusCode).toBe(200);
  });

  it('refuses alg none', async () => {
    const user = await createUser(t.app);
    const unsigned = new UnsecuredJWT({ role: 'admin' })
      .setSubject(String(user.id))
      .setIssuer('safqa')
      .setAudience('safqa-web')
      .setIssuedAt()
      .setExpirationTime('15m')
      .encode();
    const res = await me(unsigned);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a token signed with another key, or with HS512 by the right key', async () => {
    const user = await createUser(t.app);
    const other = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256!!');
    expect((await me(await token(user.id, { secret: other }))).statusCode).toBe(401);
    expect((await me(await token(user.id, { alg: 'HS512' }))).statusCode).toBe(401);
  });

  it('refuses another audience or issuer', async () => {
    const user = await createUser(t.app);
    expect((await me(await token(user.id, { audience: 'other-app' }))).statusCode).toBe(401);
    expect((await me(await token(user.id, { issuer: 'evil' }))).statusCode).toBe(401);
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const user = await createUser(t.app);
    const expired = await token(user.id, { expires: Math.floor(Date.now() / 1000) - 60 });
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('refuses a tampered payload and garbage', async () => {
    const user = await createUser(t.app);
    const good = await token(user.id);
    const [h, , s] = good.split('.');
    const forged = Buffer.from(
      JSON.stringify({ sub: '1', role: 'admin', iss: 'safqa', aud: 'safqa-web', exp: 9e9 }),
    ).toString('base64url');
    expect((await me(`${h}.${forged}.${s}`)).statusCode).toBe(401);
    expect((await me('not-a-jwt')).statusCode).toBe(401);
  });
});
