import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { createAdminWorld, createListing, createUser, type TestUser } from '../../test/factories';
import type { TestApp } from '../../test/test-app';

/** The moderation queue at 100,000 listings ([scale]): keyset walk per tab and capped tab counts. */

let t: TestApp;
let admin: TestUser;
let template: number;

beforeAll(async () => {
  ({ t, admin } = await createAdminWorld());
  const owner = await createUser(t.app);
  template = (await createListing(t.app, owner)).id;
});
afterAll(async () => t.close());

/**
 * `count` copies of the template listing in `status`, all at one instant unless `spread` (then one
 * second apart), created and last changed at `at`; their ids in insertion order.
 */
async function listings(status: string, count: number, at: string, spread = false): Promise<number[]> {
  const columns = rows<{ name: string }>(
    await t.app.db.execute(sql`
      SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'opportunities' AND is_generated = 'NEVER'
        AND column_name NOT IN ('id', 'status', 'created_at', 'updated_at')`),
  ).map((c) => sql.identifier(c.name));
  const list = sql.join(columns, sql`, `);
  const when = sql`${at}::timestamptz + CASE WHEN ${spread} THEN n * interval '1 second' ELSE interval '0' END`;
  const inserted = rows<{ id: number }>(
    await t.app.db.execute(sql`
      INSERT INTO opportunities (${list}, status, created_at, updated_at)
      SELECT ${list}, ${status}, ${when}, ${when}
      FROM opportunities, generate_series(1, ${count}) AS n WHERE id = ${template}
      ORDER BY n
      RETURNING id`),
  );
  return inserted.map((r) => Number(r.id));
}

type Page = {
  data: { id: number }[];
  pagination: { nextCursor: string | null; total: number; totalCapped?: boolean };
  counts: Record<string, number>;
  countsCapped?: string[];
};

/** Every id of a tab, page by page with `pageSize`, running `between` before each next page. */
async function walk(status: string, pageSize: number, between: () => Promise<unknown> = async () => {}) {
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/admin/opportunities?status=${status}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await admin.client.get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Page;
    seen.push(...body.data.map((o) => o.id));
    cursor = body.pagination.nextCursor;
    // Rows written while an admin reads, between one page and the next.
    if (cursor) await between();
  } while (cursor);
  return seen;
}

describe('GET /api/admin/opportunities?cursor=', () => {
  it('walks the pending queue oldest first, each listing once, while new ones arrive', async () => {
    // Four submitted in the same microsecond (the id orders them), then three a second apart.
    const tied = await listings('pending', 4, '2000-03-01T10:00:00.123456Z');
    const spread = await listings('pending', 3, '2000-03-01T11:00:00Z', true);
    const queued = [template, ...tied, ...spread].sort((a, b) => a - b);
    const arrived: number[] = [];
    const seen = await walk('pending', 3, async () =>
      arrived.push(...(await listings('pending', 1, new Date().toISOString()))),
    );
    // The template was submitted now, after the year-2000 rows: first come, first served.
    expect(seen.slice(0, 7)).toEqual([...tied, ...spread]);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...queued, ...arrived].sort((a, b) => a - b));
  });

  it('walks a decided tab newest change first, each listing once, while others are suspended', async () => {
    const tied = await listings('suspended', 5, '2001-05-01T08:00:00.000001Z');
    const spread = await listings('suspended', 4, '2001-05-02T08:00:00Z', true);
    const all = await walk('suspended', 50);
    expect(all).toEqual([...spread.reverse(), ...tied.reverse()]);
    // Listings suspended during the walk change now: they go to the top, before the walk's start.
    const seen = await walk('suspended', 2, () => listings('suspended', 1, new Date().toISOString()));
    expect(seen).toEqual(all);
  });

  it('stops counting a tab at 10,000 (countsCapped) and counts the others exactly', async () => {
    await listings('rejected', 10_001, '2002-01-01T00:00:00Z');
    const body = (await admin.client.get('/api/admin/opportunities?status=rejected')).json() as Page;
    expect(body.counts.rejected).toBe(10_000);
    expect(body.countsCapped).toEqual(['rejected']);
    expect(body.pagination).toMatchObject({
      total: 10_000,
      totalCapped: true,
      nextCursor: expect.any(String),
    });
    const pending = (await admin.client.get('/api/admin/opportunities?status=pending')).json() as Page;
    expect(pending.pagination.totalCapped).toBeUndefined();
    expect(pending.pagination.total).toBe(pending.counts.pending);
    expect(pending.countsCapped).toEqual(['rejected']);
  }, 120_000);

  it('refuses a cursor it did not issue with a 400', async () => {
    for (const forged of [
      'not a cursor!',
      Buffer.from(JSON.stringify(['2000-01-01', 1])).toString('base64url'),
      Buffer.from(JSON.stringify([5, 1])).toString('base64url'),
    ]) {
      const res = await admin.client.get(
        `/api/admin/opportunities?status=pending&cursor=${encodeURIComponent(forged)}`,
      );
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
