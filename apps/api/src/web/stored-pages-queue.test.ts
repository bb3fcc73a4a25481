import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../db/rows';
import { opportunities } from '../db/schema/opportunities';
import { seedLookups } from '../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { createListing, createUser } from '../test/factories';
import { eq } from 'drizzle-orm';
import {
  pruneStoredPages,
  queueMissingPages,
  takeQueuedListings,
  writeStoredPage,
} from './stored-pages-repository';

/**
 * The warmer's queue and the store's bounds at a market's size (decision 011): a start queues only
 * the most visited listings, a change goes before that backlog, and the prune drops what nobody
 * visits, in batches. The app runs without a web build, so no warmer takes the queue meanwhile.
 */
let t: TestApp;
const ids: number[] = [];
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({}, { webDist: '/nonexistent-web-build' });
  await seedLookups(t.app);
  const owner = await createUser(t.app);
  const admin = await createUser(t.app, { role: 'admin' });
  for (const views of [5, 500, 50]) {
    const { id } = await createListing(t.app, owner, { approvedBy: admin });
    await t.app.db.update(opportunities).set({ viewsCount: views }).where(eq(opportunities.id, id));
    ids.push(id);
  }
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.app.db.execute(sql`DELETE FROM page_render_queue`);
  await t.app.db.execute(sql`DELETE FROM stored_pages`);
});

describe('the page warmer queue', () => {
  it('queues at start only the most visited listings lacking pages, taken most visited first', async () => {
    const [, most, some] = ids as [number, number, number];
    await queueMissingPages(t.app.db, 'build-1', 2);
    expect(await takeQueuedListings(t.app.db, 10)).toEqual([most, some]);
  });

  it('takes a changed listing before the start-up backlog', async () => {
    const [few, most, some] = ids as [number, number, number];
    await queueMissingPages(t.app.db, 'build-1', 3);
    // An edit queues through the page trigger, at the default (highest) priority.
    await t.app.db.update(opportunities).set({ name: 'Renamed' }).where(eq(opportunities.id, few));
    expect(await takeQueuedListings(t.app.db, 1)).toEqual([few]);
    expect(await takeQueuedListings(t.app.db, 5)).toEqual([most, some]);
  });
});

describe('pruning stored pages', () => {
  it("drops another build's pages after an hour and this build's unvisited ones after a week, in batches", async () => {
    const now = Date.now();
    const page = async (build: string, address: string, ageMs: number) => {
      const listingId = ids[0]!;
      const versions = rows<{ listing: string; shared: string }>(
        await t.app.db.execute(sql`
          SELECT COALESCE((SELECT version FROM page_versions WHERE key = ${`o:${listingId}`}), 0)::text AS listing,
                 COALESCE((SELECT version FROM page_versions WHERE key = 'all'), 0)::text AS shared`),
      )[0]!;
      await writeStoredPage(
        t.app.db,
        { build, address, lang: 'ar', signedInHint: false },
        listingId,
        versions,
        {
          brotli: Buffer.from('x'),
          hash: 'h',
          size: 1,
          status: 200,
          nonce: 'n',
          renderedAt: new Date(now - ageMs),
        },
      );
    };
    await page('current', '/a', 8 * 24 * HOUR); // nobody opened it for 8 days
    await page('current', '/b', 2 * HOUR); // visited lately: kept
    await page('old', '/c', 2 * HOUR); // the previous build, gone past an hour
    await page('old', '/d', 2 * HOUR);
    await page('old', '/e', 10 * 60_000); // a rolling deploy's old processes still read it
    const pruned = await pruneStoredPages(
      t.app.db,
      'current',
      { otherBuilds: new Date(now - HOUR), unvisited: new Date(now - 7 * 24 * HOUR) },
      2,
    );
    expect(pruned).toBe(3);
    const left = rows<{ address: string }>(
      await t.app.db.execute(sql`SELECT address FROM stored_pages ORDER BY address`),
    ).map((r) => r.address);
    expect(left).toEqual(['/b', '/e']);
  });
});
