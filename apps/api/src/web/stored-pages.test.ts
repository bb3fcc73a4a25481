import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/rows';
import { seedLookups, validInput } from '../test/opportunity-fixtures';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';
import { ensureWebBuild } from '../test/web-build';
import type { Database } from '../db/client';
import { createListing, createUser, type TestUser } from '../test/factories';
import { seedLookups as seedLookupTables } from '../db/seed/lookups';
import { faqs } from '../db/schema/content';
import { readStoredPage, writeStoredPage } from './stored-pages-repository';
import { eventually } from '../test/eventually';

/**
 * Listing pages rendered once for the whole deployment (web/stored-pages.ts): two apps on one
 * database stand for two processes. What one rendered, the other reads instead of rendering; what a
 * change made stale is never read; a listing that changes is rendered ahead of its first visitor.
 */
const crawler = { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' };
/** How long the warmer may take to render a listing's pages in the background (slow CI machines). */
const WARMER_MS = 10_000;

let database: Database;
let a: TestApp;
let b: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const webDist = ensureWebBuild();
  database = await openTestDatabase();
  a = await createTestApp({ PUBLIC_URL: 'https://safqa.example' }, { webDist }, { database });
  b = await createTestApp({ PUBLIC_URL: 'https://safqa.example' }, { webDist }, { database });
  await seedLookups(a.app);
  owner = await createUser(a.app);
  admin = await createUser(a.app, { role: 'admin' });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

const get = (app: TestApp, url: string, cookies: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: crawler, cookies });
const counts = (app: TestApp) => ({ ...app.app.pageRenders! });
const amountOf = (html: string) => /"requiredAmount":(\d+)/.exec(html)?.[1];

async function storedCount(listingId: number) {
  const found = rows<{ n: number }>(
    await a.app.db.execute(
      sql`SELECT count(*)::int AS n FROM stored_pages WHERE listing_id = ${listingId} AND NOT signed_in_hint`,
    ),
  );
  return Number(found[0]?.n);
}

/** Both languages of the listing stored for its current version (the warmer's work). */
async function renderedAhead(listingId: number) {
  const build = rows<{ build: string }>(
    await a.app.db.execute(sql`SELECT DISTINCT build FROM stored_pages LIMIT 1`),
  )[0]?.build;
  if (!build) return false;
  for (const lang of ['ar', 'en']) {
    const key = { build, address: `/opportunities/${listingId}`, lang, signedInHint: false };
    if (!(await readStoredPage(a.app.db, key, listingId)).page) return false;
  }
  return true;
}

describe('pages stored for every process', () => {
  it('renders an approved listing ahead, and both apps serve it without rendering, with one ETag', async () => {
    const id = (await createListing(a.app, owner, { requiredAmount: 810_000, approvedBy: admin })).id;
    await eventually(async () => expect(await renderedAhead(id)).toBe(true), WARMER_MS);

    const beforeA = counts(a);
    const beforeB = counts(b);
    const fromA = await get(a, `/opportunities/${id}?lang=ar`);
    const fromB = await get(b, `/opportunities/${id}?lang=ar`);
    const englishB = await get(b, `/opportunities/${id}?lang=en`);
    expect(fromA.statusCode).toBe(200);
    expect(amountOf(fromA.body)).toBe('810000');
    expect(fromB.body).toBe(fromA.body);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    expect(englishB.body).toContain('lang="en"');
    expect(counts(a).onRequest).toBe(beforeA.onRequest);
    expect(counts(b).onRequest).toBe(beforeB.onRequest);
    expect(counts(a).fromStore).toBe(beforeA.fromStore + 1);
    expect(counts(b).fromStore).toBe(beforeB.fromStore + 2);
    // Each compressed form is the one stored: the same bytes and tag from either process.
    const brA = await a.app.inject({
      method: 'GET',
      url: `/opportunities/${id}?lang=ar`,
      headers: { ...crawler, 'accept-encoding': 'br' },
    });
    const brB = await b.app.inject({
      method: 'GET',
      url: `/opportunities/${id}?lang=ar`,
      headers: { ...crawler, 'accept-encoding': 'br' },
    });
    expect(brA.headers['content-encoding']).toBe('br');
    expect(brB.headers.etag).toBe(brA.headers.etag);
    expect(brB.rawPayload.equals(brA.rawPayload)).toBe(true);
  });

  it('never serves a stored page after a change, and renders the new version ahead', async () => {
    const id = (await createListing(a.app, owner, { requiredAmount: 820_000, approvedBy: admin })).id;
    const url = `/opportunities/${id}?lang=en`;
    await eventually(async () => expect(await renderedAhead(id)).toBe(true), WARMER_MS);
    expect(amountOf((await get(b, url)).body)).toBe('820000');

    const edited = await owner.client.put(
      `/api/opportunities/${id}`,
      validInput({ requiredAmount: 830_000 }),
    );
    expect(edited.statusCode).toBe(200);
    // Back in moderation: hidden at once in the app that made the change, as soon as heard in the other.
    expect((await get(a, url)).statusCode).toBe(404);
    await eventually(async () => expect((await get(b, url)).statusCode).toBe(404));
    expect((await admin.client.post(`/api/admin/opportunities/${id}/approve`)).statusCode).toBe(200);
    expect(amountOf((await get(a, url)).body)).toBe('830000');
    await eventually(async () => expect(amountOf((await get(b, url)).body)).toBe('830000'));
    await eventually(async () => expect(await renderedAhead(id)).toBe(true), WARMER_MS);
    expect(await storedCount(id)).toBe(2);
  });

  it('never reads a render made from versions a change has since replaced', async () => {
    const id = (await createListing(a.app, owner, { approvedBy: admin })).id;
    await eventually(async () => expect(await renderedAhead(id)).toBe(true), WARMER_MS);
    const key = { build: 'test-build', address: `/opportunities/${id}`, lang: 'en', signedInHint: false };
    const { versions } = await readStoredPage(a.app.db, key, id);
    const page = {
      status: 200,
      nonce: 'n',
      brotli: Buffer.from([0x0b, 0x07, 0x80, 0x3c, 0x68, 0x3e, 0x03]),
      hash: 'old-page-hash',
      size: 3,
      renderedAt: new Date(),
    };
    // A change lands while the render is under way (straight in SQL: any writer bumps the version).
    await a.app.db.execute(sql`UPDATE opportunities SET required_amount = 840000 WHERE id = ${id}`);
    await writeStoredPage(a.app.db, key, id, versions, page);
    expect((await readStoredPage(a.app.db, key, id)).page).toBeNull();
    // From the current versions it is kept, and read back byte for byte.
    const current = (await readStoredPage(a.app.db, key, id)).versions;
    await writeStoredPage(a.app.db, key, id, current, page);
    const read = (await readStoredPage(a.app.db, key, id)).page;
    expect(read?.brotli.equals(page.brotli)).toBe(true);
    expect(read).toMatchObject({ hash: 'old-page-hash', size: 3, status: 200 });
    // Counters alone (a view, a bookmark) do not make it stale.
    await a.app.db.execute(sql`UPDATE opportunities SET views_count = views_count + 1 WHERE id = ${id}`);
    expect((await readStoredPage(a.app.db, key, id)).page).not.toBeNull();
  });

  it('serves an aged page once more from the store and renders it again behind it', async () => {
    const id = (await createListing(a.app, owner, { approvedBy: admin })).id;
    await eventually(async () => expect(await renderedAhead(id)).toBe(true), WARMER_MS);
    // Rendered eleven minutes ago: its view and bookmark counts may have moved since.
    await a.app.db.execute(
      sql`UPDATE stored_pages SET rendered_at = now() - interval '11 minutes' WHERE listing_id = ${id}`,
    );
    const before = counts(b);
    expect((await get(b, `/opportunities/${id}?lang=ar`)).statusCode).toBe(200);
    expect(counts(b).fromStore).toBe(before.fromStore + 1);
    expect(counts(b).onRequest).toBe(before.onRequest);
    await eventually(async () => {
      const fresh = rows<{ n: number }>(
        await a.app.db.execute(sql`
          SELECT count(*)::int AS n FROM stored_pages
          WHERE listing_id = ${id} AND NOT signed_in_hint AND rendered_at > now() - interval '1 minute'`),
      );
      expect(Number(fresh[0]?.n)).toBe(2);
    }, WARMER_MS);
  });

  it('renders a signed-in hint page on request and stores it for the other process', async () => {
    const id = (await createListing(a.app, owner, { approvedBy: admin })).id;
    const url = `/opportunities/${id}?lang=en`;
    const before = counts(a);
    const first = await get(a, url, { signed_in: '1' });
    expect(first.statusCode).toBe(200);
    expect(counts(a).onRequest).toBe(before.onRequest + 1);
    const beforeB = counts(b);
    const second = await get(b, url, { signed_in: '1' });
    expect(second.body).toBe(first.body);
    expect(counts(b).onRequest).toBe(beforeB.onRequest);
    // The hint page is not the anonymous one.
    expect(second.body).not.toBe((await get(b, url)).body);
  });

  it('stays current when a process starts (lookups seeded again) or an FAQ changes, and goes stale when a lookup does', async () => {
    // The full lookup tables (the fixture seeds a few rows): inserting what is missing is a change.
    await seedLookupTables(a.app.db);
    const id = (await createListing(a.app, owner, { approvedBy: admin })).id;
    await eventually(async () => expect(await renderedAhead(id)).toBe(true), WARMER_MS);
    const shared = async () =>
      rows<{ version: string }>(
        await a.app.db.execute(sql`SELECT version::text FROM page_versions WHERE key = 'all'`),
      )[0]?.version;
    const before = await shared();
    // What every process does at start: inserts the lookups that are missing, none here.
    await seedLookupTables(a.app.db);
    expect(await shared()).toBe(before);
    expect(await renderedAhead(id)).toBe(true);
    // FAQs are on no listing's page: two of them leave every stored listing page current.
    await a.app.db.insert(faqs).values([
      { questionAr: 'سؤال أول؟', answerAr: 'جواب.', questionEn: 'First?', answerEn: 'Yes.' },
      { questionAr: 'سؤال ثان؟', answerAr: 'جواب.', questionEn: 'Second?', answerEn: 'Yes.' },
    ]);
    expect(await shared()).toBe(before);
    expect(await renderedAhead(id)).toBe(true);
    // A city's name is on the page: one new version for two rows changed in one statement, and the
    // pages are stale until rendered again.
    await a.app.db.execute(
      sql`UPDATE cities SET name_en = name_en WHERE id IN (SELECT id FROM cities LIMIT 2)`,
    );
    expect(Number(await shared())).toBe(Number(before ?? 0) + 1);
    await eventually(async () => expect(await renderedAhead(id)).toBe(true), WARMER_MS);
  });
});
