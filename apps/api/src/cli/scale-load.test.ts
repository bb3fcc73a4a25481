import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { verifyPassword } from '../lib/password';
import { createLocalStorage } from '../storage/storage';
import { TestClient, createTestApp } from '../test/test-app';
import { parseScaleArgs } from './scale-load';
import { chatRows } from './scale-load/chats';
import { loadScaleMarket } from './scale-load/load';
import { listingState, makeLayout, makePlan } from './scale-load/plan';
import { ScaleLoadRefused, inspectTarget } from './scale-load/target';

const PASSWORD = 'Scale@Pass2026';
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const refusal = (argv: string[], env: NodeJS.ProcessEnv) => {
  try {
    parseScaleArgs(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ScaleLoadRefused);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('scale:load without a server', () => {
  it('refuses the embedded database, a missing password and a nonsense factor', () => {
    expect(refusal(['--factor=1'], { SCALE_PASSWORD: PASSWORD })).toMatch(/needs DATABASE_URL/);
    expect(refusal(['--factor=1'], { DATABASE_URL: 'file:./data/pglite', SCALE_PASSWORD: PASSWORD })).toMatch(
      /refuses the embedded database/,
    );
    expect(refusal(['--factor=1'], { DATABASE_URL: 'postgres://h/db' })).toMatch(/SCALE_PASSWORD/);
    expect(refusal(['--factor=0'], { DATABASE_URL: 'postgres://h/db', SCALE_PASSWORD: PASSWORD })).toMatch(
      /--factor/,
    );
    expect(
      parseScaleArgs(['--factor=0.5'], { DATABASE_URL: 'postgresql://h/db', SCALE_PASSWORD: PASSWORD }),
    ).toEqual({
      url: 'postgresql://h/db',
      factor: 0.5,
      images: 6,
      password: PASSWORD,
    });
  });

  it('plans the promised market at factor 1', () => {
    const plan = makePlan(1);
    expect(plan).toMatchObject({
      users: 1_000_000,
      listings: 100_000,
      favorites: 2_000_000,
      offers: 500_000,
      chats: 300_000,
      messages: 5_000_000,
      savedSearches: 200_000,
      notifications: 10_000_000,
      views: 10_000_000,
      accessRequests: 50_000,
      deals: 20_000,
      closedDeals: 8_000,
      audit: 2_000_000,
      user1Listings: 500,
      user2Chats: 3000,
      user2Notifications: 20_000,
    });
    const states = new Map<string, number>();
    for (let id = 1; id <= plan.listings; id++)
      states.set(listingState(plan, id), (states.get(listingState(plan, id)) ?? 0) + 1);
    expect((states.get('approved') ?? 0) / plan.listings).toBeCloseTo(0.8, 2);
    expect([...states.keys()].sort()).toEqual([
      'approved',
      'closed',
      'pending',
      'rejected',
      'suspended',
      'under_offer',
    ]);
  });

  it('makes chats unique per listing, investor and owner, with user2 in the most', () => {
    const plan = makePlan(0.01);
    const seen = new Set<string>();
    const perUser = new Map<number, number>();
    for (const [, listing, investor, owner] of chatRows(plan, makeLayout(plan))) {
      const key = `${listing}/${investor}/${owner}`;
      expect(seen.has(key)).toBe(false);
      expect(investor).not.toBe(owner);
      seen.add(key);
      for (const user of [investor, owner] as number[]) perUser.set(user, (perUser.get(user) ?? 0) + 1);
    }
    expect(seen.size).toBe(plan.chats);
    const top = [...perUser].sort((a, b) => b[1] - a[1]);
    expect(top[0]?.[0]).toBe(2);
  });
});

/** A new database on the test server, dropped after the file. */
async function freshDatabase(url: string): Promise<string> {
  const name = `safqa_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

// Only a PostgreSQL server can take the load (the generator refuses the embedded database, above).
if (serverUrl) {
  describe('scale:load on a PostgreSQL server', () => {
    it(
      'loads factor 0.001 that the app serves, and refuses a database with foreign users',
      { timeout: 60_000 },
      async () => {
        const url = await freshDatabase(serverUrl);
        const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-scale-'));
        cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
        const lines: string[] = [];
        const progress = {
          start() {},
          add() {},
          finish: (t: string, n: number) => lines.push(`${t}:${n}`),
          note() {},
        };
        const report = await loadScaleMarket({
          url,
          factor: 0.001,
          password: PASSWORD,
          storage: createLocalStorage(dataDir),
          imagePool: 1,
          progress,
        });
        expect(lines).toHaveLength(report.tables.length);

        const client = new pg.Client({ connectionString: url });
        await client.connect();
        cleanups.push(() => client.end());
        const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n);
        const expected: Record<string, [number, number]> = {
          users: [1001, 1001],
          opportunities: [100, 100],
          favorites: [1900, 2000],
          offers: [500, 500],
          chats: [300, 300],
          chat_messages: [5000, 5000],
          saved_searches: [200, 200],
          notifications: [10_000, 10_000],
          opportunity_viewers: [10_000, 10_000],
          access_requests: [50, 50],
          deals: [18, 20],
          audit_log: [2000, 2000],
        };
        for (const [table, [min, max]] of Object.entries(expected)) {
          const n = await count(`SELECT count(*) AS n FROM ${table}`);
          expect(n, table).toBeGreaterThanOrEqual(min);
          expect(n, table).toBeLessThanOrEqual(max);
        }
        expect(await count(`SELECT count(*) AS n FROM users WHERE is_advisor`)).toBe(50);
        expect(await count(`SELECT count(*) AS n FROM users WHERE buyer_verified_at IS NOT NULL`)).toBe(20);
        expect(await count(`SELECT count(*) AS n FROM saved_searches WHERE frequency = 'instant'`)).toBe(66);
        expect(await count(`SELECT count(*) AS n FROM deals WHERE stage = 'closed'`)).toBe(8);
        expect(await count(`SELECT count(DISTINCT business_type_id) AS n FROM opportunities`)).toBe(18);
        expect(await count(`SELECT count(*) AS n FROM opportunities WHERE search_vector_ar IS NULL`)).toBe(0);
        // Counters agree with their rows, as the app keeps them.
        expect(
          await count(`SELECT count(*) AS n FROM opportunities o
          WHERE favorites_count <> (SELECT count(*) FROM favorites f WHERE f.opportunity_id = o.id)
             OR offers_count <> (SELECT count(*) FROM offers x WHERE x.opportunity_id = o.id)
             OR views_count <> (SELECT count(*) FROM opportunity_viewers v WHERE v.opportunity_id = o.id)
             OR views_count <> (SELECT coalesce(sum(views), 0) FROM opportunity_daily_views d WHERE d.opportunity_id = o.id)`),
        ).toBe(0);
        expect(
          await count(`SELECT count(*) AS n FROM opportunity_daily_views d
            WHERE views <> (SELECT count(*) FROM opportunity_viewers v WHERE v.opportunity_id = d.opportunity_id AND v.day = d.day)`),
        ).toBe(0);
        // Every unread chat already had its "unread messages" email, after its last message: a first
        // start on the generated market mails nobody about messages of past years.
        expect(await count(`SELECT count(*) AS n FROM chat_missed_emails`)).toBeGreaterThan(50);
        expect(
          await count(`SELECT count(*) AS n FROM chats c
            CROSS JOIN LATERAL (VALUES (c.investor_id, c.investor_unread), (c.owner_id, c.owner_unread)) side(user_id, unread)
            WHERE side.unread > 0 AND NOT EXISTS (SELECT 1 FROM chat_missed_emails e
              WHERE e.chat_id = c.id AND e.user_id = side.user_id AND e.sent_at >= c.updated_at)`),
        ).toBe(0);
        const top = async (sql: string) => Number((await client.query<{ u: number }>(sql)).rows[0]?.u);
        expect(
          await top(`SELECT submitted_by AS u FROM opportunities GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`),
        ).toBe(1);
        expect(
          await top(`SELECT o.submitted_by AS u FROM offers x JOIN opportunities o ON o.id = x.opportunity_id
          GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`),
        ).toBe(1);
        expect(
          await top(`SELECT u FROM (SELECT investor_id AS u FROM chats UNION ALL SELECT owner_id FROM chats) c
          GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`),
        ).toBe(2);
        expect(
          await top(`SELECT user_id AS u FROM notifications GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`),
        ).toBe(2);
        expect(
          await top(`SELECT user_id AS u FROM favorites GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`),
        ).toBe(2);
        const hashes = await client.query<{ email: string; password_hash: string }>(
          `SELECT email, password_hash FROM users WHERE email IN ('user1@scale.example', 'admin@scale.example') ORDER BY email`,
        );
        expect(hashes.rows.map((r) => r.email)).toEqual(['admin@scale.example', 'user1@scale.example']);
        for (const row of hashes.rows) expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);

        // The app on that database finds generated listings by an Arabic word and by an English one.
        const database = await openDatabase({ url, poolSize: 2 });
        const t = await createTestApp({}, {}, { database });
        cleanups.push(async () => {
          await t.close();
          await database.close();
        });
        const anonymous = new TestClient(t.app);
        for (const word of ['الواحة', 'Alwaha']) {
          const expectedIds = (
            await client.query<{ id: number }>(
              `SELECT id FROM opportunities WHERE status = 'approved' AND deal_state IS DISTINCT FROM 'closed' AND (name_ar LIKE $1 OR name ILIKE $1)`,
              [`%${word}%`],
            )
          ).rows.map((r) => r.id);
          expect(expectedIds.length, word).toBeGreaterThan(0);
          const res = await anonymous.get(`/api/opportunities?q=${encodeURIComponent(word)}&pageSize=50`);
          expect(res.statusCode).toBe(200);
          const found = (res.json() as { data: Array<{ id: number }> }).data.map((c) => c.id);
          expect(found, word).toEqual(expect.arrayContaining(expectedIds));
        }

        // A database holding anyone else is refused before anything is written.
        const foreign = await freshDatabase(serverUrl);
        const occupied = await openDatabase({ url: foreign, poolSize: 1 });
        await migrate(occupied);
        await occupied.exec(
          `INSERT INTO users (username, email, password_hash) VALUES ('Someone', 'someone@example.com', 'x')`,
        );
        await occupied.close();
        await expect(
          loadScaleMarket({ url: foreign, factor: 0.001, password: PASSWORD, storage: null, progress }),
        ).rejects.toThrow(/not @scale\.example/);
        await expect(inspectTarget(url)).resolves.toEqual({ scaleUsers: 1001 });
      },
    );
  });
}
