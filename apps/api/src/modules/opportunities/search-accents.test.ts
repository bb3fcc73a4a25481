import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunities } from '../../db/schema/opportunities';
import { faqs } from '../../db/schema/content';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

/**
 * English search is accent-insensitive: "cafe" finds "Café" and "café" finds "cafe", for listings
 * written since the normaliser folds accents and, through migration 0015, for rows written before.
 */
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let visitor: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  visitor = new TestClient(t.app);
  ids.accented = (
    await createListing(t.app, owner, {
      name: 'Dabab Mountain Café',
      description: 'A café with a panoramic terrace overlooking the Abha mountains.',
      approvedBy: admin,
    })
  ).id;
  ids.plain = (
    await createListing(t.app, owner, {
      name: 'Corniche cafe and bakery',
      description: 'A small cafe by the sea with a bakery counter.',
      approvedBy: admin,
    })
  ).id;
  ids.other = (await createListing(t.app, owner, { name: 'Cake shop in Riyadh', approvedBy: admin })).id;
});
afterAll(async () => t.close());

async function found(q: string) {
  const res = await visitor.get(`/api/opportunities?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ id: number }> }).data.map((c) => c.id).sort();
}

describe('GET /api/opportunities: accents', () => {
  it.each(['cafe', 'café', 'CAFÉ', 'Cafe\u0301'])(
    'finds both cafés for %j and not the cake shop',
    async (q) => {
      expect(await found(q)).toEqual([ids.accented, ids.plain].sort());
    },
  );

  it('folds accents of a whole phrase, word by word', async () => {
    expect(await found('mountain café')).toEqual([ids.accented]);
    expect(await found('Montaña cafe')).toEqual([]);
  });

  it('finds a row stored before accents were folded once migration 0015 has run', async () => {
    // The search column as the previous normaliser wrote it: lower case, accents kept.
    await t.app.db
      .update(opportunities)
      .set({ searchText: 'dabab mountain café a café with a panoramic terrace' })
      .where(eq(opportunities.id, ids.accented!));
    // Listing counts are cached for a while; an accented stored word is what this test is about.
    expect((await found('mountain cafe')).includes(ids.accented!)).toBe(false);

    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0015_search_fold_accents.sql'),
      'utf8',
    );
    await t.app.database.exec(migration.split('--> statement-breakpoint').join('\n'));

    const [row] = await t.app.db
      .select({ searchText: opportunities.searchText })
      .from(opportunities)
      .where(eq(opportunities.id, ids.accented!));
    expect(row!.searchText).toBe('dabab mountain cafe a cafe with a panoramic terrace');
    expect(await found('mountain cafe')).toEqual([ids.accented]);
    expect(await found('mountain café')).toEqual([ids.accented]);
  });

  it('folds the stored text of FAQs in the same migration', async () => {
    const [faq] = await t.app.db
      .insert(faqs)
      .values({
        questionAr: 'س',
        answerAr: 'ج',
        questionEn: 'Is the café list public?',
        answerEn: 'Yes.',
        searchText: 'is the café list public? yes. naïve',
      })
      .returning({ id: faqs.id });
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0015_search_fold_accents.sql'),
      'utf8',
    );
    await t.app.database.exec(migration.split('--> statement-breakpoint').join('\n'));
    const [row] = await t.app.db
      .select({ searchText: faqs.searchText })
      .from(faqs)
      .where(eq(faqs.id, faq!.id));
    expect(row!.searchText).toBe('is the cafe list public? yes. naive');
  });
});
