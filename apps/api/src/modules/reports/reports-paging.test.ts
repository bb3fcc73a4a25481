import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { createAdminWorld, createUser, type TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

/** The reports queue at scale ([scale]): keyset walk per tab and a capped count. */

let t: TestApp;
let admin: TestUser;
let reporter: TestUser;
/** Reported user ids are unique per report, as the open-once index asks. */
let nextTarget = 1_000_000;

beforeAll(async () => {
  ({ t, admin } = await createAdminWorld());
  reporter = await createUser(t.app);
});
afterAll(async () => t.close());

/**
 * `count` reports of users in `status`, all made (and decided) at one instant unless `spread` (then
 * one second apart); their ids in insertion order.
 */
async function reportsOf(status: string, count: number, at: string, spread = false): Promise<number[]> {
  const first = nextTarget;
  nextTarget += count;
  const when = sql`${at}::timestamptz + CASE WHEN ${spread} THEN n * interval '1 second' ELSE interval '0' END`;
  const inserted = rows<{ id: number }>(
    await t.app.db.execute(sql`
      INSERT INTO reports (reporter_id, target_type, target_id, reason, details, status, action, decided_at, created_at)
      SELECT ${reporter.id}, 'user', ${first} + n, 'spam', 'Sends the same advert to every listing.', ${status},
        CASE WHEN ${status} = 'open' THEN NULL ELSE 'none' END,
        CASE WHEN ${status} = 'open' THEN NULL ELSE ${when} END, ${when}
      FROM generate_series(1, ${count}) AS n ORDER BY n
      RETURNING id`),
  );
  return inserted.map((r) => Number(r.id));
}

type Page = { data: { id: number }[]; pagination: { nextCursor: string | null; total: number } };

async function walk(status: string, pageSize: number, between: () => Promise<unknown>) {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/admin/reports?status=${status}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await admin.client.get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Page;
    seen.push(...body.data.map((r) => r.id));
    cursor = body.pagination.nextCursor;
    // Rows written while an admin reads, between one page and the next.
    if (cursor) await between();
  } while (cursor);
  return seen;
}

describe('GET /api/admin/reports?cursor=', () => {
  it('walks the open queue oldest first, each report once, while new ones arrive', async () => {
    const tied = await reportsOf('open', 4, '2000-03-01T10:00:00.654321Z');
    const spread = await reportsOf('open', 3, '2000-03-01T11:00:00Z', true);
    const arrived: number[] = [];
    const seen = await walk('open', 3, async () =>
      arrived.push(...(await reportsOf('open', 1, new Date().toISOString()))),
    );
    expect(seen).toEqual([...tied, ...spread, ...arrived]);
  });

  it('walks decided reports newest decision first, each once, while more are decided', async () => {
    const tied = await reportsOf('resolved', 4, '2001-01-01T00:00:00.000001Z');
    const spread = await reportsOf('resolved', 3, '2001-01-02T00:00:00Z', true);
    const seen = await walk('resolved', 2, () => reportsOf('resolved', 1, new Date().toISOString()));
    expect(seen).toEqual([...spread.reverse(), ...tied.reverse()]);
  });

  it('stops counting at 10,000 (totalCapped) and counts exactly below', async () => {
    await reportsOf('dismissed', 10_001, '2002-01-01T00:00:00Z');
    const capped = (await admin.client.get('/api/admin/reports?status=dismissed')).json();
    expect(capped.pagination).toMatchObject({
      total: 10_000,
      totalCapped: true,
      nextCursor: expect.any(String),
    });
    const exact = (await admin.client.get('/api/admin/reports?status=open&pageSize=50')).json();
    expect(exact.pagination.totalCapped).toBeUndefined();
    expect(exact.pagination.total).toBe(exact.data.length);
  }, 120_000);

  it('refuses a cursor it did not issue with a 400', async () => {
    for (const forged of [
      'not a cursor!',
      Buffer.from(JSON.stringify(['yesterday', 1])).toString('base64url'),
      Buffer.from(JSON.stringify([5, 1])).toString('base64url'),
    ]) {
      const res = await admin.client.get(
        `/api/admin/reports?status=open&cursor=${encodeURIComponent(forged)}`,
      );
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
