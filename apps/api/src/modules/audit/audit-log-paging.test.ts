import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

/** The audit log at 2,000,000 entries ([scale]): keyset walk by actor and a capped count. */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

/** `count` entries by `actorId`, all at one instant unless `spread` (then one second apart). */
async function entries(actorId: number, count: number, at: string, spread = false) {
  await t.app.db.execute(sql`
    INSERT INTO audit_log (actor_id, actor_name, action, target_type, target_id, created_at)
    SELECT ${actorId}, 'busy', 'opportunity.approve', 'opportunity', n::text,
      ${at}::timestamptz + CASE WHEN ${spread} THEN n * interval '1 second' ELSE interval '0' END
    FROM generate_series(1, ${count}) AS n`);
}

describe('GET /api/admin/audit-log?actorId=&cursor=', () => {
  it('walks an actor’s entries once each, newest first, while new ones are written', async () => {
    // Seven entries, four of them at the same microsecond: the id orders those.
    await entries(900_001, 4, '2000-03-01T10:00:00.123456Z');
    await entries(900_001, 3, '2000-03-01T11:00:00Z', true);
    const all = (await admin.client.get('/api/admin/audit-log?actorId=900001&pageSize=50'))
      .json()
      .data.map((e: { id: number }) => e.id);
    expect(all).toHaveLength(7);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/audit-log?actorId=900001&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`;
      const body = (await admin.client.get(url)).json();
      seen.push(...body.data.map((e: { id: number }) => e.id));
      cursor = body.pagination.nextCursor;
      await entries(900_001, 1, new Date().toISOString());
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('stops counting at 10,000 (totalCapped) and counts exactly below', async () => {
    await entries(900_002, 10_001, '2000-04-01T00:00:00Z');
    const capped = (await admin.client.get('/api/admin/audit-log?actorId=900002')).json();
    expect(capped.pagination).toMatchObject({ total: 10_000, totalCapped: true, totalPages: 834 });
    expect(capped.pagination.nextCursor).toEqual(expect.any(String));
    await entries(900_003, 2, '2000-04-01T00:00:00Z');
    const exact = (await admin.client.get('/api/admin/audit-log?actorId=900003')).json();
    expect(exact.pagination).toEqual({ page: 1, pageSize: 12, total: 2, totalPages: 1, nextCursor: null });
  }, 60_000);

  it('refuses a cursor it did not issue', async () => {
    const forged = Buffer.from(JSON.stringify(['2000-01-01', 1])).toString('base64url');
    const res = await admin.client.get(`/api/admin/audit-log?cursor=${forged}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
