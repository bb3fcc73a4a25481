import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTextOf } from '@safqa/shared/arabic-normalise';
import { CATEGORY_TILES } from '@safqa/shared/constants';
import { loadConfig } from '../../config';
import { verifyPassword } from '../../lib/password';
import { createLocalStorage } from '../../storage/storage';
import { createTestApp, openTestDatabase } from '../../test/test-app';
import { signIn } from '../../test/users';
import type { Database } from '../client';
import { cities } from '../schema/lookups';
import {
  favorites,
  opportunities,
  opportunityDailyViews,
  opportunityStatusHistory,
  opportunityViewers,
} from '../schema/opportunities';
import { advisorBusinessTypes, advisorProfiles, users } from '../schema/users';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from './data/demo-accounts';
import { seed, type SeedReport } from './seed';

/** One full demo seed (artwork included) and a re-run, on a fresh database and data directory. */
describe('seed with demo content', () => {
  let database: Database;
  let dataDir: string;
  let storage: ReturnType<typeof createLocalStorage>;
  let first: SeedReport;
  /** What the first seed printed. Each run keeps its own lines: the tests run shuffled. */
  let firstPrinted: string[];
  const run = async (db: Database, env: Record<string, string> = {}) => {
    const printed: string[] = [];
    const report = await seed({
      database: db,
      config: loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'true', DATA_DIR: dataDir, ...env }),
      storage,
      print: (text) => printed.push(text),
    });
    return { report, printed };
  };
  const counts = async (db: Database) => {
    const n = async (table: PgTable) => (await db.db.select({ n: count() }).from(table))[0]!.n;
    return {
      users: await n(users),
      opportunities: await n(opportunities),
      history: await n(opportunityStatusHistory),
      dailyViews: await n(opportunityDailyViews),
      viewers: await n(opportunityViewers),
      favorites: await n(favorites),
      advisorProfiles: await n(advisorProfiles),
    };
  };
  const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
  const fileOf = (url: string) => path.join(storage.publicRoot, keyOf(url));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-seed-demo-'));
    storage = createLocalStorage(dataDir);
    database = await openTestDatabase();
    ({ report: first, printed: firstPrinted } = await run(database));
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the generated admin password and the demo password once, in one block', async () => {
    expect(firstPrinted).toHaveLength(1);
    const banner = firstPrinted[0]!;
    expect(banner).toContain(DEMO_ADMIN_EMAIL);
    expect(banner).toContain(DEMO_PASSWORD);
    const password = /password:\s+(\S+)/.exec(banner)?.[1];
    expect(password).toBeDefined();
    const [admin] = await database.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    expect(admin).toMatchObject({ role: 'admin' });
    expect(admin!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
    expect(admin!.passwordHash).not.toContain(password!);
    expect(first.admin).toBe('demo-admin-created');
  });

  it('creates verified demo owners and advisors who sign in with the demo password', async () => {
    const demoUsers = await database.db
      .select()
      .from(users)
      .where(sql`${users.email} LIKE '%@demo.safqa.local'`);
    expect(demoUsers.length).toBe(first.demo!.users);
    expect(demoUsers.length).toBeGreaterThanOrEqual(8);
    for (const user of demoUsers) expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(demoUsers[0]!.passwordHash, DEMO_PASSWORD)).toBe(true);
    const advisors = await database.db
      .select({
        userId: advisorProfiles.userId,
        types: sql<number>`count(${advisorBusinessTypes.businessTypeId})::int`,
      })
      .from(advisorProfiles)
      .innerJoin(users, eq(users.id, advisorProfiles.userId))
      .leftJoin(advisorBusinessTypes, eq(advisorBusinessTypes.userId, advisorProfiles.userId))
      .where(eq(users.isAdvisor, true))
      .groupBy(advisorProfiles.userId);
    expect(advisors.length).toBeGreaterThanOrEqual(5);
    for (const advisor of advisors) expect(advisor.types).toBeGreaterThanOrEqual(1);
  });

  it('publishes at least 30 listings over 12 or more regions, 3 or more per category tile', async () => {
    const approved = await database.db
      .select()
      .from(opportunities)
      .where(eq(opportunities.status, 'approved'));
    expect(approved.length).toBeGreaterThanOrEqual(30);
    expect(new Set(approved.map((o) => o.regionId)).size).toBeGreaterThanOrEqual(12);
    for (const tile of CATEGORY_TILES)
      expect(
        approved.filter((o) => o.businessTypeId === tile.businessTypeId).length,
        tile.key,
      ).toBeGreaterThanOrEqual(3);
    expect(new Set(approved.map((o) => o.viewsCount)).size).toBeGreaterThan(approved.length / 2);
    expect(approved.some((o) => o.isVerified)).toBe(true);
    expect(approved.some((o) => !o.isVerified)).toBe(true);
  });

  it('stores coherent rows: city in region, figures, dates, search text and counters', async () => {
    const rows = await database.db
      .select({ o: opportunities, cityRegion: cities.regionId })
      .from(opportunities)
      .innerJoin(cities, eq(cities.id, opportunities.cityId));
    const now = Date.now();
    for (const { o, cityRegion } of rows) {
      expect(cityRegion, o.name).toBe(o.regionId);
      expect(o.ebitda).toBeLessThan(o.yearlySales);
      expect(o.ebitda).toBe(o.yearlySales - o.yearlyOperationalCost);
      expect(o.contactPhone).toMatch(/^9665\d{8}$/);
      expect(o.companyAgeId).not.toBeNull();
      expect(o.companySizeId).not.toBeNull();
      expect(o.searchText).toBe(searchTextOf(o.name, o.nameAr, o.description, o.descriptionAr));
      expect(o.createdAt.getTime()).toBeLessThan(now);
      if (o.status === 'approved') expect(o.approvedAt!.getTime()).toBeGreaterThan(o.createdAt.getTime());
      else expect(o.approvedAt).toBeNull();
      if (o.status === 'rejected') expect(o.rejectionReason!.length).toBeGreaterThanOrEqual(10);
      const [fans] = await database.db
        .select({ n: count() })
        .from(favorites)
        .where(eq(favorites.opportunityId, o.id));
      expect(o.favoritesCount).toBe(fans!.n);
    }
    const statuses = rows.map((r) => r.o.status);
    expect(statuses.filter((s) => s === 'pending').length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 'rejected').length).toBeGreaterThanOrEqual(1);
    const spreadDays =
      (Math.max(...rows.map((r) => +r.o.createdAt)) - Math.min(...rows.map((r) => +r.o.createdAt))) /
      86_400_000;
    expect(spreadDays).toBeGreaterThan(60);
  });

  it('gives approved listings viewer rows as the real counter writes them, which the counters agree with', async () => {
    const today = sql`(now() AT TIME ZONE 'UTC')::date`;
    const misplaced = sql`v.viewer !~ '^(u:[0-9]+|v:[A-Za-z0-9_-]{22})$'
      OR o.status <> 'approved' OR v.day < (o.approved_at AT TIME ZONE 'UTC')::date
      OR v.day < ${today} - 59 OR v.day > ${today}
      OR v.created_at > now() OR (v.created_at AT TIME ZONE 'UTC')::date <> v.day
      OR v.viewer = 'u:' || o.submitted_by OR v.viewer IN (SELECT 'u:' || id FROM users WHERE role = 'admin')`;
    const result = (await database.db.execute(sql`SELECT
      (SELECT count(*)::int FROM opportunities o WHERE o.views_count <>
        (SELECT count(*) FROM opportunity_viewers v WHERE v.opportunity_id = o.id)) AS count_off,
      (SELECT count(*)::int FROM opportunities o WHERE o.views_count <>
        (SELECT coalesce(sum(d.views), 0) FROM opportunity_daily_views d WHERE d.opportunity_id = o.id)) AS daily_off,
      (SELECT count(*)::int FROM opportunities WHERE status = 'approved' AND views_count = 0) AS approved_unseen,
      (SELECT count(*)::int FROM opportunity_viewers v JOIN opportunities o ON o.id = v.opportunity_id
        WHERE ${misplaced}) AS misplaced,
      (SELECT count(DISTINCT viewer)::int FROM opportunity_viewers WHERE viewer LIKE 'u:%') AS members,
      (SELECT count(DISTINCT viewer)::int FROM opportunity_viewers WHERE viewer LIKE 'v:%') AS visitors`)) as unknown as {
      rows: Array<Record<string, number>>;
    };
    const stats = result.rows[0];
    expect(stats).toEqual({
      count_off: 0,
      daily_off: 0,
      approved_unseen: 0,
      misplaced: 0,
      members: expect.any(Number),
      visitors: expect.any(Number),
    });
    expect(stats!.members).toBeGreaterThanOrEqual(3);
    expect(stats!.visitors).toBeGreaterThan(100);
  });

  it('shows a demo owner views and unique viewers in the insights of their listings', async () => {
    const t = await createTestApp({}, {}, { database });
    try {
      const { client } = await signIn(t.app, 'abdullah@demo.safqa.local', DEMO_PASSWORD);
      const [owner] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'abdullah@demo.safqa.local'));
      const listings = await database.db
        .select()
        .from(opportunities)
        .where(sql`${opportunities.submittedBy} = ${owner!.id} AND ${opportunities.status} = 'approved'`);
      expect(listings.length).toBeGreaterThanOrEqual(2);
      for (const listing of listings) {
        const totals = async (days: number) => {
          const res = await client.get(`/api/opportunities/${listing.id}/insights?days=${days}`);
          expect(res.statusCode).toBe(200);
          const body = res.json() as {
            totals: { views: number; uniqueViewers: number };
            byDay: { views: number }[];
          };
          expect(body.byDay.reduce((sum, d) => sum + d.views, 0)).toBe(body.totals.views);
          return body.totals;
        };
        const week = await totals(7);
        expect(week.views, listing.name).toBeGreaterThan(0);
        expect(week.uniqueViewers, listing.name).toBeGreaterThan(0);
        const quarter = await totals(90);
        // Visitors come back on other days, so there are fewer viewers than views.
        expect(quarter.uniqueViewers, listing.name).toBeLessThan(quarter.views);
        // Every view of the demo history lies within 90 days: the card's count is the panel's.
        expect(quarter.views, listing.name).toBe(listing.viewsCount);
      }
    } finally {
      await t.close();
    }
  });

  it('writes every approved listing’s gallery (with thumbnail and 800 px rendition) and logo as WebP files', async () => {
    const all = await database.db.select().from(opportunities);
    const stored = readdirSync(path.join(storage.publicRoot, 'seed', 'opportunities'));
    expect(first.demo!.imageFiles).toBe(stored.length);
    expect(stored.length).toBe(all.reduce((n, o) => n + 1 + 3 * o.images.length, 0));
    const approved = all.filter((o) => o.status === 'approved');
    for (const o of approved) {
      expect(o.images.length, o.name).toBeGreaterThanOrEqual(2);
      const files: Array<[url: string, width: number, height: number]> = [[o.logo!, 256, 256]];
      for (const image of o.images) {
        expect(image).toMatchObject({ width: 1200, height: 800 });
        files.push([image.url, 1200, 800], [image.thumbnailUrl!, 400, 267]);
        // The srcset candidates are the files, with their true widths.
        expect(image.variants).toEqual([
          { url: image.thumbnailUrl, width: 400 },
          { url: image.url.replace('.webp', '-800.webp'), width: 800 },
        ]);
        files.push([image.url.replace('.webp', '-800.webp'), 800, 533]);
      }
      for (const [url, width, height] of files) {
        expect(url).toMatch(/^\/uploads\/seed\/opportunities\/[a-z0-9-]+\.webp$/);
        expect(await storage.exists('public', keyOf(url)), url).toBe(true);
        const meta = await sharp(readFileSync(fileOf(url))).metadata();
        expect(meta, url).toMatchObject({ format: 'webp', width, height });
      }
    }
  });

  it('adds nothing and prints nothing when run again, and redraws a lost file identically', async () => {
    const before = await counts(database);
    const [sample] = await database.db.select().from(opportunities).limit(1);
    const lost = fileOf(sample!.images[0]!.url);
    const original = readFileSync(lost);
    unlinkSync(lost);

    const { report: again, printed } = await run(database);
    expect(again.demo).toMatchObject({ users: 0, opportunities: 0, imageFiles: 1 });
    expect(again.admin).toBe('none');
    expect(Object.values(again.lookups).every((n) => n === 0)).toBe(true);
    expect(again.faqs).toBe(0);
    expect(await counts(database)).toEqual(before);
    expect(printed).toEqual([]);
    expect(readFileSync(lost).equals(original)).toBe(true);
  });

  it('with ADMIN_EMAIL set creates that admin instead of the demo one, reusing the existing files', async () => {
    const other = await openTestDatabase();
    try {
      const { report, printed } = await run(other, {
        ADMIN_EMAIL: 'ops@example.com',
        ADMIN_PASSWORD: 'Ops!Passw0rd1',
      });
      expect(report.admin).toBe('created');
      expect(report.demo).toMatchObject({ imageFiles: 0, opportunities: first.demo!.opportunities });
      const admins = await other.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toEqual([{ email: 'ops@example.com' }]);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain(DEMO_PASSWORD);
      expect(printed[0]).not.toContain(DEMO_ADMIN_EMAIL);
      expect(printed[0]).not.toContain('Ops!Passw0rd1');
    } finally {
      await other.close();
    }
  });
});
