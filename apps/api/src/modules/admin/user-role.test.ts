import { eq, inArray, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';
import type { Database } from '../../db/client';
import { createUser, type TestUser } from '../../test/factories';
import { createTestApp, openTestDatabase, TestClient, type TestApp } from '../../test/test-app';

/**
 * PATCH /api/admin/users/{id} with `role` (API.md "Trust and safety"): two apps on one database, as
 * two server processes would be; neither tells the other in memory, so B refusing a demoted admin's
 * token proves the announcement over LISTEN/NOTIFY (or the read of the role per request).
 */
let database: Database;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  // One secret, as every process of a deployment has: a token signed by A is read by B.
  const env = { JWT_SECRET: 'user-role-test-secret-'.padEnd(64, 'x') };
  a = await createTestApp(env, {}, { database });
  b = await createTestApp(env, {}, { database });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

const setRole = (by: TestUser, id: number, role: string) =>
  by.client.patch(`/api/admin/users/${id}`, { role });
/** The same token, sent to app B. */
const onB = (user: TestUser) => new TestClient(b.app, user.token);
const adminCall = (client: TestClient) => client.get('/api/admin/users?pageSize=1');

/** Leaves `keep` the only admins, so the last-admin rule is about them. */
async function onlyAdmins(...keep: TestUser[]) {
  await a.app.db
    .update(users)
    .set({ role: 'owner' })
    .where(
      not(
        inArray(
          users.id,
          keep.map((u) => u.id),
        ),
      ),
    );
}

describe('granting and revoking the admin role', () => {
  it('a demoted admin gets 403 on the next admin call on another process with the same token, and a promoted owner gets admin calls', async () => {
    const boss = await createUser(a.app, { role: 'admin' });
    const deputy = await createUser(a.app, { role: 'admin' });
    const owner = await createUser(a.app);
    // B has seen both tokens (and may cache the session) before the change through A.
    expect((await adminCall(onB(deputy))).statusCode).toBe(200);
    expect((await adminCall(onB(owner))).statusCode).toBe(403);

    const demoted = await setRole(boss, deputy.id, 'owner');
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ id: deputy.id, role: 'owner' });
    const promoted = await setRole(boss, owner.id, 'admin');
    expect(promoted.json()).toMatchObject({ id: owner.id, role: 'admin' });

    // The process that made the change acts at once; the other on hearing the commit.
    expect((await adminCall(deputy.client)).statusCode).toBe(403);
    expect((await adminCall(owner.client)).statusCode).toBe(200);
    const changedAt = Date.now();
    let deputyOnB = await adminCall(onB(deputy));
    let ownerOnB = await adminCall(onB(owner));
    while ((deputyOnB.statusCode !== 403 || ownerOnB.statusCode !== 200) && Date.now() - changedAt < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      deputyOnB = await adminCall(onB(deputy));
      ownerOnB = await adminCall(onB(owner));
    }
    expect(deputyOnB.statusCode).toBe(403);
    expect(deputyOnB.json().code).toBe('FORBIDDEN');
    expect(ownerOnB.statusCode).toBe(200);

    const rows = await a.app.db.select().from(auditLog).where(eq(auditLog.actorId, boss.id));
    expect(rows.map((r) => [r.action, r.targetId, r.details])).toEqual(
      expect.arrayContaining([
        ['user.revoke_admin', String(deputy.id), { from: 'admin', to: 'owner' }],
        ['user.grant_admin', String(owner.id), { from: 'owner', to: 'admin' }],
      ]),
    );
  });

  it('refuses one’s own role or status (403 FORBIDDEN), and a role not in the list', async () => {
    const boss = await createUser(a.app, { role: 'admin' });
    const own = await setRole(boss, boss.id, 'owner');
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('FORBIDDEN');
    const ownStatus = await boss.client.patch(`/api/admin/users/${boss.id}`, {
      status: 'suspended',
      reason: 'suspending myself for no reason',
    });
    expect(ownStatus.statusCode).toBe(403);
    const owner = await createUser(a.app);
    expect((await setRole(boss, owner.id, 'superuser')).statusCode).toBe(400);
    expect((await setRole(owner, boss.id, 'owner')).statusCode).toBe(403);
    const [row] = await a.app.db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.role).toBe('admin');
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const x = await createUser(a.app, { role: 'admin' });
    const y = await createUser(a.app, { role: 'admin' });
    await onlyAdmins(x, y);
    // Through both processes at once, as two admins in two browsers would.
    const answers = await Promise.all([
      setRole(x, y.id, 'owner'),
      new TestClient(b.app, y.token).patch(`/api/admin/users/${x.id}`, { role: 'owner' }),
    ]);
    // The second either finds its caller demoted already (403) or, having passed the guard, waits on
    // the lock and finds its target the last admin (409 LAST_ADMIN); never two 200s.
    const [first, second] = answers.map((r) => r.statusCode).sort();
    expect(first).toBe(200);
    expect([403, 409]).toContain(second);
    const refused = answers.find((r) => r.statusCode !== 200)!.json();
    expect(refused.code).toBe(second === 409 ? 'LAST_ADMIN' : 'FORBIDDEN');
    const admins = await a.app.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });
});
