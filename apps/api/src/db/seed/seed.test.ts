import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTextOf } from '@safqa/shared/arabic-normalise';
import { loadConfig } from '../../config';
import { createLocalStorage } from '../../storage/storage';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from '../client';
import { faqs } from '../schema/content';
import {
  businessTypes,
  cities,
  companyAges,
  companySizes,
  regions,
  sharePercentages,
} from '../schema/lookups';
import { users } from '../schema/users';
import { FAQS } from './data/faqs';
import { seed } from './seed';

/** Lookups, FAQ and the no-demo path (SEED_DEMO=false), on a fresh database. */
describe('seed without demo content', () => {
  let database: Database;
  let dataDir: string;
  const printed: string[] = [];
  const run = (target: Database = database) =>
    seed({
      database: target,
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir }),
      storage: createLocalStorage(dataDir),
      print: (text) => printed.push(text),
    });
  const tableCounts = async (target: Database = database) => {
    const { db } = target;
    const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
    return {
      businessTypes: await n(businessTypes),
      regions: await n(regions),
      cities: await n(cities),
      companyAges: await n(companyAges),
      companySizes: await n(companySizes),
      sharePercentages: await n(sharePercentages),
      faqs: await n(faqs),
      users: await n(users),
    };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-seed-'));
    database = await openTestDatabase();
    // Seeded once for the tests that read what the seed wrote; the first test seeds its own database.
    await run();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fills the lookups and FAQ once even when two starts seed at once, then adds nothing', async () => {
    // Its own empty database: the tests run shuffled, and the others seed the shared one again.
    const fresh = await openTestDatabase();
    try {
      const both = await Promise.all([run(fresh), run(fresh)]);
      expect(both.map((r) => r.lookups.regions).sort()).toEqual([0, 13]);
      expect(both.map((r) => r.faqs).sort((a, b) => a - b)).toEqual([0, FAQS.length]);
      expect(both.map((r) => r.demo)).toEqual([null, null]);
      const afterFirst = await tableCounts(fresh);
      expect(afterFirst).toMatchObject({
        regions: 13,
        companyAges: 5,
        companySizes: 4,
        sharePercentages: 13,
        users: 0,
      });
      expect(afterFirst.businessTypes).toBeGreaterThanOrEqual(15);
      expect(afterFirst.cities).toBeGreaterThanOrEqual(60);

      const second = await run(fresh);
      expect(Object.values(second.lookups).every((n) => n === 0)).toBe(true);
      expect(second.faqs).toBe(0);
      expect(await tableCounts(fresh)).toEqual(afterFirst);
      expect(printed).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('stores the category tiles under their fixed ids', async () => {
    const rows = await database.db
      .select({ id: businessTypes.id, nameEn: businessTypes.nameEn })
      .from(businessTypes)
      .where(sql`${businessTypes.id} IN (4, 5, 6, 7, 8)`)
      .orderBy(businessTypes.id);
    expect(rows.map((r) => r.nameEn)).toEqual([
      'E-commerce',
      'Startups',
      'Retail',
      'Technology',
      'Food & Beverage',
    ]);
  });

  it('links every city to an existing region', async () => {
    const rows = await database.db
      .select({ city: cities.nameEn, region: regions.id })
      .from(cities)
      .leftJoin(regions, eq(regions.id, cities.regionId));
    expect(rows.filter((r) => r.region === null)).toEqual([]);
    expect(new Set(rows.map((r) => r.region)).size).toBe(13);
  });

  it('fills the FAQ search text with the normalised texts', async () => {
    const rows = await database.db.select().from(faqs);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      for (const text of [row.questionAr, row.answerAr, row.questionEn, row.answerEn])
        expect(text.trim()).not.toBe('');
      expect(row.searchText).toBe(searchTextOf(row.questionAr, row.answerAr, row.questionEn, row.answerEn));
      expect(row.searchText).not.toMatch(/[\u064B-\u065F\u0622\u0623\u0625\u0629\u0649A-Z]/);
    }
  });

  it('moves the serial sequences past the seeded ids', async () => {
    const [created] = await database.db
      .insert(businessTypes)
      .values({ nameAr: 'طاقة متجددة', nameEn: 'Renewable Energy' })
      .returning({ id: businessTypes.id });
    const [max] = await database.db.select({ id: sql<number>`max(${cities.id})::int` }).from(cities);
    expect(created!.id).toBeGreaterThan(18);
    const [city] = await database.db
      .insert(cities)
      .values({ nameAr: 'نيوم', nameEn: 'NEOM', regionId: 7 })
      .returning({ id: cities.id });
    expect(city!.id).toBeGreaterThan(max!.id);
    await run();
    const [again] = await database.db
      .insert(businessTypes)
      .values({ nameAr: 'ألعاب إلكترونية', nameEn: 'Gaming' })
      .returning({ id: businessTypes.id });
    expect(again!.id).toBe(created!.id + 1);
  });

  it('keeps what admins changed: renamed lookups and deleted FAQ entries', async () => {
    const [original] = await database.db.select().from(businessTypes).where(eq(businessTypes.id, 4));
    await database.db.update(businessTypes).set({ nameEn: 'Online Stores' }).where(eq(businessTypes.id, 4));
    try {
      const [firstFaq] = await database.db.select({ id: faqs.id }).from(faqs).orderBy(faqs.id).limit(1);
      await database.db.delete(faqs).where(eq(faqs.id, firstFaq!.id));
      const before = await tableCounts();
      const report = await run();
      expect(report.faqs).toBe(0);
      expect(await tableCounts()).toEqual(before);
      const [renamed] = await database.db.select().from(businessTypes).where(eq(businessTypes.id, 4));
      expect(renamed!.nameEn).toBe('Online Stores');
    } finally {
      // The tests share the seeded database and run shuffled: the fixed-ids test reads this name.
      await database.db
        .update(businessTypes)
        .set({ nameEn: original!.nameEn })
        .where(eq(businessTypes.id, 4));
    }
  });

  it('warns that no admin exists when neither ADMIN_EMAIL nor demo data provides one', async () => {
    const report = await run();
    expect(report.admin).toBe('none');
    expect(report.warnings.join(' ')).toMatch(/no admin account/);
  });
});
