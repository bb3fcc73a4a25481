import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { refreshTokens } from '../../db/schema/auth';
import { mailOutbox } from '../../db/schema/mail';
import { opportunities } from '../../db/schema/opportunities';
import {
  createAdminWorld,
  createListing,
  createUser,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { rowCounts } from '../../test/row-counts';
import type { TestApp, TestClient } from '../../test/test-app';
import { listenOnSocket, openSse } from '../../test/sse-client';
import { codeAt, enableTwoStep } from '../../test/two-step';

let t: TestApp;
let admin: TestUser;
let anonymous: TestClient;

beforeAll(async () => ({ t, admin, anonymous } = await createAdminWorld()));
afterAll(async () => t.close());

const REASON = 'Repeated fraudulent listings reported by buyers';
const suspend = (id: number, reason = REASON, as = admin) =>
  as.client.patch(`/api/admin/users/${id}`, { status: 'suspended', reason });
const reinstate = (id: number, as = admin) => as.client.patch(`/api/admin/users/${id}`, { status: 'active' });
const login = (user: TestUser, lang = 'en') =>
  anonymous.post(
    '/api/auth/login',
    { email: user.email, password: TEST_PASSWORD, recaptchaToken: 'ok' },
    { headers: { 'accept-language': lang } },
  );

describe('PATCH /api/admin/users/{id}', () => {
  it('is for admins only: 401 signed out (before validation), 403 for a user', async () => {
    const user = await createUser(t.app);
    expect((await anonymous.patch(`/api/admin/users/${user.id}`, { bogus: 1 })).statusCode).toBe(401);
    const other = await createUser(t.app);
    const refused = await suspend(user.id, REASON, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });

  it('validates: reason 10-500 characters to suspend, known status, no unknown field', async () => {
    const user = await createUser(t.app);
    const before = await rowCounts(t.app.db);
    for (const body of [
      { status: 'suspended' },
      { status: 'suspended', reason: 'too short' },
      { status: 'suspended', reason: 'x'.repeat(501) },
      { status: 'banned', reason: REASON },
      { status: 'active', reason: REASON },
      { status: 'suspended', reason: REASON, extra: true },
    ]) {
      const res = await admin.client.patch(`/api/admin/users/${user.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await rowCounts(t.app.db)).toEqual(before);
    expect((await suspend(2_000_000)).statusCode).toBe(404);
  });

  it('refuses to suspend an admin or oneself (403)', async () => {
    const other = await createUser(t.app, { role: 'admin' });
    expect((await suspend(other.id)).statusCode).toBe(403);
    expect((await suspend(admin.id)).statusCode).toBe(403);
  });

  it('ends every session at once, emails the reason, audits, and refuses sign-in with ACCOUNT_SUSPENDED', async () => {
    const user = await createUser(t.app, { language: 'en' });
    const signedIn = await login(user);
    expect(signedIn.statusCode).toBe(200);
    const fresh = signedIn.json() as { accessToken: string; refreshToken: string };
    // Both sessions answer before.
    expect((await user.client.get('/api/users/me')).statusCode).toBe(200);
    expect((await anonymous.get('/api/users/me', { token: fresh.accessToken })).statusCode).toBe(200);

    const res = await suspend(user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, status: 'suspended' });

    // The very next request of either session is refused, long before the access tokens expire.
    const me = await user.client.get('/api/users/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('SESSION_REVOKED');
    expect((await anonymous.get('/api/users/me', { token: fresh.accessToken })).statusCode).toBe(401);
    const live = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(live.every((row) => row.revokedAt !== null && row.revokedReason === 'suspended')).toBe(true);
    const refreshed = await anonymous.post('/api/auth/refresh', { refreshToken: fresh.refreshToken });
    expect(refreshed.statusCode).toBe(401);

    const refused = await login(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: expect.stringContaining('suspended'),
    });
    expect((await login(user, 'ar')).json().message).toContain('أوقفت الإدارة');
    // A wrong password still says only that the credentials are wrong.
    const wrong = await anonymous.post('/api/auth/login', {
      email: user.email,
      password: 'Wrong!Pass1',
      recaptchaToken: 'ok',
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail!.subject).toBe('Your Safqa account is suspended');
    expect(mail!.text).toContain(REASON);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.suspend'), eq(auditLog.targetId, String(user.id))));
    expect(audit).toMatchObject({ actorId: admin.id, targetType: 'user', details: { reason: REASON } });

    // Reinstated: signs in again, and a second reinstatement changes nothing.
    expect((await reinstate(user.id)).json().status).toBe('active');
    expect((await login(user)).statusCode).toBe(200);
    const reinstated = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reinstate'), eq(auditLog.targetId, String(user.id))));
    expect(reinstated).toHaveLength(1);
    expect((await reinstate(user.id)).statusCode).toBe(200);
    const again = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reinstate'), eq(auditLog.targetId, String(user.id))));
    expect(again).toHaveLength(1);
  });

  it('refuses the two-step code of a user suspended between the password and the code', async () => {
    const user = await createUser(t.app);
    const { secret } = await enableTwoStep(user);
    const first = await login(user);
    expect(first.json().mfaRequired).toBe(true);
    expect((await suspend(user.id)).statusCode).toBe(200);
    const verified = await anonymous.post('/api/auth/mfa/verify', {
      mfaToken: first.json().mfaToken,
      code: await codeAt(secret),
    });
    expect(verified.statusCode).toBe(403);
    expect(verified.json().code).toBe('ACCOUNT_SUSPENDED');
  });

  it('hides the listings from search, detail and the top list, and shows them again on reinstatement', async () => {
    const owner = await createUser(t.app);
    const viewer = await createUser(t.app);
    const approved = await createListing(t.app, owner, { approvedBy: admin, name: 'Hidden Bakery Riyadh' });
    const pending = await createListing(t.app, owner);
    const inSearch = async () =>
      (await anonymous.get('/api/opportunities?q=Hidden%20Bakery'))
        .json()
        .data.map((o: { id: number }) => o.id);
    const inTop = async () =>
      (await anonymous.get('/api/opportunities/top')).json().opportunities.map((o: { id: number }) => o.id);
    expect(await inSearch()).toContain(approved.id);
    expect(await inTop()).toContain(approved.id);

    expect((await suspend(owner.id)).statusCode).toBe(200);
    expect(await inSearch()).not.toContain(approved.id);
    expect(await inTop()).not.toContain(approved.id);
    expect((await anonymous.get(`/api/opportunities/${approved.id}`)).statusCode).toBe(404);
    expect((await viewer.client.get(`/api/opportunities/${approved.id}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/opportunities/${approved.id}/teaser.pdf`)).statusCode).toBe(404);
    // Admins still see it, with its own status kept.
    const seen = await admin.client.get(`/api/opportunities/${approved.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().status).toBe('approved');
    const statuses = await t.app.db
      .select({ id: opportunities.id, status: opportunities.status })
      .from(opportunities)
      .where(eq(opportunities.submittedBy, owner.id));
    expect(new Map(statuses.map((s) => [s.id, s.status]))).toEqual(
      new Map([
        [approved.id, 'approved'],
        [pending.id, 'pending'],
      ]),
    );

    // Nobody starts a chat or asks for the documents of a hidden listing meanwhile.
    expect((await viewer.client.post('/api/chat', { opportunityId: approved.id })).statusCode).toBe(404);
    const access = await viewer.client.post(`/api/opportunities/${approved.id}/access-requests`, {
      message: 'I would like to read the financial statements please.',
      acceptTerms: true,
    });
    expect(access.statusCode).toBe(404);
    const offerCode = await viewer.client.post(`/api/opportunities/${approved.id}/offers/code`, {
      email: 'buyer@example.com',
    });
    expect(offerCode.statusCode).toBe(404);

    expect((await reinstate(owner.id)).statusCode).toBe(200);
    expect(await inSearch()).toContain(approved.id);
    expect(await inTop()).toContain(approved.id);
    expect((await anonymous.get(`/api/opportunities/${approved.id}`)).statusCode).toBe(200);
  });

  it('closes the user’s open event streams with close {reason: session_revoked}', async () => {
    const socketPath = await listenOnSocket(t.app);
    const user = await createUser(t.app);
    const open = await openSse(`http://localhost/api/chat/stream?token=${user.token}`, { socketPath });
    expect(open.status).toBe(200);
    try {
      expect((await suspend(user.id)).statusCode).toBe(200);
      expect((await open.next('close', 2000)).data).toEqual({ reason: 'session_revoked' });
      await open.ended;
    } finally {
      open.close();
    }
  });

  it('lists each user with their status', async () => {
    const user = await createUser(t.app, { username: 'status_listed' });
    await suspend(user.id);
    const body = (await admin.client.get('/api/admin/users?q=status_listed')).json();
    expect(body.data).toEqual([expect.objectContaining({ id: user.id, status: 'suspended' })]);
  });
});
