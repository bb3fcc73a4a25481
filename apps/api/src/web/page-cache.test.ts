import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../db/schema/content';
import { seedLookups, validInput } from '../test/opportunity-fixtures';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';
import { ensureWebBuild } from '../test/web-build';
import type { Database } from '../db/client';
import { createListing, createUser, type TestUser } from '../test/factories';
import { eventually } from '../test/eventually';

/**
 * Public pages rendered once and served from the cache (web/page-cache.ts): ETag and 304, who may
 * keep a copy, languages never crossed, and every change shown on the next page, by this app and by
 * a second app on the same database (which hears of it only through NOTIFY).
 */
const PUBLIC_URL = 'https://safqa.example';
const crawler = { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' };
const browser = { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' };
const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

let database: Database;
let t: TestApp;
let other: TestApp;
let owner: TestUser;
let admin: TestUser;

beforeAll(async () => {
  const webDist = ensureWebBuild();
  database = await openTestDatabase();
  t = await createTestApp({ PUBLIC_URL }, { webDist }, { database });
  other = await createTestApp({ PUBLIC_URL }, { webDist }, { database });
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await other?.close();
  await database?.close();
});

const get = (
  app: TestApp,
  url: string,
  headers: Record<string, string> = {},
  cookies: Record<string, string> = {},
) => app.app.inject({ method: 'GET', url, headers: { ...crawler, ...headers }, cookies });

function metaContent(html: string, key: string) {
  return new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
}
function linkHref(html: string, rel: string, hreflang?: string) {
  const lang = hreflang ? ` hreflang="${hreflang}"` : '';
  return new RegExp(`<link rel="${rel}"${lang} href="([^"]*)"`).exec(html)?.[1];
}

describe('ETag and 304', () => {
  it('answers the same bytes with a strong ETag, and 304 without a body when the client has them', async () => {
    const id = (
      await createListing(t.app, owner, { name: 'Etag Bakery', nameAr: 'مخبز الوسم', approvedBy: admin })
    ).id;
    const first = await get(t, `/opportunities/${id}?lang=en`);
    const second = await get(t, `/opportunities/${id}?lang=en`);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toBe(first.body);

    const revalidated = await get(t, `/opportunities/${id}?lang=en`, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe(PUBLIC);
    for (const header of [`W/${etag}`, `"nope", ${etag}`, '*']) {
      expect((await get(t, `/opportunities/${id}?lang=en`, { 'if-none-match': header })).statusCode).toBe(
        304,
      );
    }
    expect((await get(t, `/opportunities/${id}?lang=en`, { 'if-none-match': '"other"' })).statusCode).toBe(
      200,
    );
    // The other language is another page, with another tag.
    const arabic = await get(t, `/opportunities/${id}?lang=ar`, { 'if-none-match': etag });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers.etag).not.toBe(etag);
  });

  it('compresses each page once per encoding, each form with its own tag', async () => {
    const plain = await get(t, '/faq?lang=en');
    const br = await get(t, '/faq?lang=en', { 'accept-encoding': 'gzip, br' });
    const gzip = await get(t, '/faq?lang=en', { 'accept-encoding': 'gzip, br;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});

describe('who may keep a copy', () => {
  it('lets shared caches keep a page whose URL names its language, for anonymous visitors only', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const url = `/opportunities/${id}?lang=en`;
    const crawlerCopy = await get(t, url);
    expect(crawlerCopy.headers['cache-control']).toBe(PUBLIC);
    expect(String(crawlerCopy.headers.vary)).not.toContain('cookie');
    // A returning visitor: the visitor cookie the server issued on a first visit, and the language.
    const firstVisit = await get(t, '/faq', browser);
    const vid = firstVisit.cookies.find((c) => c.name === 'vid')?.value;
    expect(vid).toBeDefined();
    const returning = await get(t, url, browser, { vid: vid!, lang: 'en' });
    expect(returning.headers['cache-control']).toBe(PUBLIC);
    expect(returning.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['a language chosen by the cookie', '', {}, { lang: 'en' }],
    ['no language at all (Arabic by default)', '', {}, {}],
    ['a signed-in hint', '?lang=en', {}, { signed_in: '1' }],
    ['an Authorization header', '?lang=en', { authorization: 'Bearer x' }, {}],
    ['a first visit that gets its visitor cookie', '?lang=en', browser, {}],
  ])('keeps the page private with %s', async (_case, query, headers, cookies) => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const res = await get(t, `/opportunities/${id}${query}`, headers, cookies);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('cookie');
  });
});

describe('languages', () => {
  it('never hands one language page to the other, whichever was cached first', async () => {
    const id = (
      await createListing(t.app, owner, { name: 'Lang Roastery', nameAr: 'محمصة اللغة', approvedBy: admin })
    ).id;
    const order: [string, Record<string, string>, 'ar' | 'en'][] = [
      [`/opportunities/${id}?lang=en`, {}, 'en'],
      [`/opportunities/${id}`, {}, 'ar'],
      [`/opportunities/${id}`, { lang: 'en' }, 'en'],
      [`/opportunities/${id}?lang=ar`, { lang: 'en' }, 'ar'],
      [`/opportunities/${id}?lang=en`, { lang: 'ar' }, 'en'],
      [`/opportunities/${id}`, { lang: 'ar' }, 'ar'],
    ];
    for (const [url, cookies, lang] of [...order, ...order]) {
      const res = await get(t, url, {}, cookies);
      expect(res.body, `${url} ${JSON.stringify(cookies)}`).toContain(`<html lang="${lang}"`);
      expect(metaContent(res.body, 'og:title')).toBe(
        lang === 'en' ? 'Lang Roastery | Safqa' : 'محمصة اللغة | صفقة',
      );
    }
  });
});

describe('canonical and alternate addresses', () => {
  it.each(['ar', 'en'] as const)('name the %s listing page itself, without junk parameters', async (lang) => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const res = await get(t, `/opportunities/${id}?utm_source=x&lang=${lang}&fbclid=%22%3E&ref=1`);
    const arabic = `${PUBLIC_URL}/opportunities/${id}`;
    const own = lang === 'en' ? `${arabic}?lang=en` : arabic;
    expect(linkHref(res.body, 'canonical')).toBe(own);
    expect(metaContent(res.body, 'og:url')).toBe(own);
    expect(linkHref(res.body, 'alternate', 'ar')).toBe(arabic);
    expect(linkHref(res.body, 'alternate', 'en')).toBe(`${arabic}?lang=en`);
    expect(linkHref(res.body, 'alternate', 'x-default')).toBe(arabic);
    expect(res.body).not.toMatch(/utm_source|fbclid|ref=1/);
  });

  it('keep the search filters that name a search page, and nothing else', async () => {
    const res = await get(t, '/search?junk=1&cityId=1&lang=en&sort=newest&page=2&businessTypeId=8');
    expect(linkHref(res.body, 'canonical')).toBe(
      `${PUBLIC_URL}/search?businessTypeId=8&amp;cityId=1&amp;page=2&amp;lang=en`,
    );
    const home = await get(t, '/?lang=ar&gclid=1');
    expect(linkHref(home.body, 'canonical')).toBe(`${PUBLIC_URL}/`);
  });
});

describe('invalidation', () => {
  const amountOf = (html: string) => /"requiredAmount":(\d+)/.exec(html)?.[1];

  it('shows a new price on the next page, from this app and from another one', async () => {
    const id = (await createListing(t.app, owner, { requiredAmount: 610_000, approvedBy: admin })).id;
    const url = `/opportunities/${id}?lang=en`;
    expect(amountOf((await get(t, url)).body)).toBe('610000');
    expect(amountOf((await get(other, url)).body)).toBe('610000');
    // An edit sends the listing back to moderation (hidden), its approval shows the new price.
    const res = await owner.client.put(`/api/opportunities/${id}`, validInput({ requiredAmount: 620_000 }));
    expect(res.statusCode).toBe(200);
    expect((await get(t, url)).statusCode).toBe(404);
    await eventually(async () => expect((await get(other, url)).statusCode).toBe(404));
    const approved = await admin.client.post(`/api/admin/opportunities/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(amountOf((await get(t, url)).body)).toBe('620000');
    await eventually(async () => expect(amountOf((await get(other, url)).body)).toBe('620000'));
  });

  it('shows an approval and a suspension on the next page, from this app and from another one', async () => {
    const id = (await createListing(t.app, owner, { name: 'Moderated Shop' })).id;
    const url = `/opportunities/${id}?lang=en`;
    expect((await get(t, url)).statusCode).toBe(404);
    expect((await get(other, url)).statusCode).toBe(404);

    const approved = await admin.client.post(`/api/admin/opportunities/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await get(t, url)).statusCode).toBe(200);
    await eventually(async () => expect((await get(other, url)).statusCode).toBe(200));

    const suspended = await admin.client.post(`/api/admin/opportunities/${id}/suspend`, {
      reason: 'Under review by the team',
    });
    expect(suspended.statusCode).toBe(200);
    expect((await get(t, url)).statusCode).toBe(404);
    await eventually(async () => expect((await get(other, url)).statusCode).toBe(404));
  });

  it('shows a new listing on the search page and an FAQ written by anyone on /faq', async () => {
    const search = '/search?lang=en&businessTypeId=7';
    expect((await get(t, search)).body).not.toContain('Fresh Tech Listing');
    expect((await get(other, search)).body).not.toContain('Fresh Tech Listing');
    await createListing(t.app, owner, { name: 'Fresh Tech Listing', businessTypeId: 7, approvedBy: admin });
    expect((await get(t, search)).body).toContain('Fresh Tech Listing');
    await eventually(async () => expect((await get(other, search)).body).toContain('Fresh Tech Listing'));

    expect((await get(t, '/faq?lang=en')).body).not.toContain('Is the cache fresh?');
    expect((await get(other, '/faq?lang=en')).body).not.toContain('Is the cache fresh?');
    // Written straight to the table (a script, psql): the database trigger announces it.
    await t.app.db.insert(faqs).values({
      questionAr: 'هل الذاكرة حديثة؟',
      answerAr: 'نعم.',
      questionEn: 'Is the cache fresh?',
      answerEn: 'Yes.',
    });
    for (const app of [t, other]) {
      await eventually(async () =>
        expect((await get(app, '/faq?lang=en')).body).toContain('Is the cache fresh?'),
      );
    }
  });
});
