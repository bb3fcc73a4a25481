import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { createListing, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pruneViewAddresses } from './view-addresses';

/**
 * The daily prune of per-address view counters ([scale]): it deleted a day's rows in one statement
 * and read every deleted row back into the process. It deletes in batches now, and keeps the two
 * days that still count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('pruning the view counters per address', () => {
  it('deletes every row before yesterday in batches, and keeps today and yesterday', async () => {
    const owner = await createUser(t.app);
    const listing = await createListing(t.app, owner);
    // 25 addresses on each of five days: three days to prune (75 rows), two to keep.
    await t.app.db.execute(sql`
      INSERT INTO opportunity_view_addresses (opportunity_id, day, address, viewers)
      SELECT ${listing.id}, (now() AT TIME ZONE 'UTC')::date - d, 'a' || n, 1
      FROM generate_series(0, 4) d, generate_series(1, 25) n`);

    expect(await pruneViewAddresses(t.app.db, 10)).toBe(75);
    const left = rows<{ age: number; n: number }>(
      await t.app.db.execute(sql`
        SELECT (now() AT TIME ZONE 'UTC')::date - day AS age, count(*)::int AS n
        FROM opportunity_view_addresses WHERE opportunity_id = ${listing.id} GROUP BY 1 ORDER BY 1`),
    );
    expect(left.map((row) => [Number(row.age), Number(row.n)])).toEqual([
      [0, 25],
      [1, 25],
    ]);
    expect(await pruneViewAddresses(t.app.db, 10)).toBe(0);
  });
});
