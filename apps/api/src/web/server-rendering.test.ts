import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../db/schema/content';
import { seedLookups } from '../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { ensureWebBuild } from '../test/web-build';
import { multipart, pngImage } from '../test/file-fixtures';
import { createListing, createUser, type TestUser } from '../test/factories';

/**
 * Pages as a crawler or a link preview sees them: the real web build rendered by the server, fetched
 * without JavaScript and with `Accept: *\/*` (what facebookexternalhit and WhatsApp send).
 */
const crawler = { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' };
const PUBLIC_URL = 'https://safqa.example';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let listingId: number;
let pendingId: number;
let hostileId: number;

beforeAll(async () => {
  const webDist = ensureWebBuild();
  t = await createTestApp({ PUBLIC_URL }, { webDist });
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  listingId = (
    await createListing(t.app, owner, {
      name: 'Najd Specialty Roastery',
      nameAr: 'محمصة نجد المختصة',
      requiredAmount: 750_000,
      approvedBy: admin,
    })
  ).id;
  pendingId = (await createListing(t.app, owner, { name: 'Waiting Bakery', nameAr: 'مخبز الانتظار' })).id;
  hostileId = (
    await createListing(t.app, owner, {
      name: '</script><script>alert(1)</script> Shop',
      nameAr: 'متجر \u202Eexe.gnp <img src=x onerror=alert(2)>',
      description: 'Description with </script> and <b>tags</b> that must stay text.',
      approvedBy: admin,
    })
  ).id;
}, 120_000);
afterAll(async () => t?.close());

const page = (url: string, headers: Record<string, string> = {}, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...crawler, ...headers }, cookies });

function headOf(html: string) {
  return html.slice(0, html.indexOf('</head>'));
}
function metaContent(html: string, key: string) {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe('a listing page without JavaScript', () => {
  it('holds the listing and its preview tags in Arabic by default', async () => {
    const res = await page(`/opportunities/${listingId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<html lang="ar" dir="rtl" data-server-lang>');
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toContain('محمصة نجد المختصة');
    expect(body).toContain('750,000');
    expect(body).toContain('الرياض');
    const head = headOf(html);
    expect(head).toContain('<title>محمصة نجد المختصة | صفقة</title>');
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/opportunities/${listingId}" />`);
    expect(head).toContain(
      `<link rel="alternate" hreflang="ar" href="${PUBLIC_URL}/opportunities/${listingId}" />`,
    );
    expect(head).toContain(
      `<link rel="alternate" hreflang="en" href="${PUBLIC_URL}/opportunities/${listingId}?lang=en" />`,
    );
    expect(head).toContain(
      `<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/opportunities/${listingId}" />`,
    );
    expect(metaContent(html, 'og:title')).toBe('محمصة نجد المختصة | صفقة');
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/og/opportunities/${listingId}.png`);
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/opportunities/${listingId}`);
    expect(metaContent(html, 'og:locale')).toBe('ar_SA');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'description')).toContain('الرياض');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)![1]!);
    expect(jsonLd[1]).toMatchObject({
      '@type': 'Product',
      name: 'محمصة نجد المختصة',
      offers: {
        price: 750000,
        priceCurrency: 'SAR',
        availableAtOrFrom: { address: { addressLocality: 'الرياض' } },
      },
    });
  });

  it('asks for the first picture in <head> at high priority, in the width the screen needs', async () => {
    const image = multipart([
      { field: 'images', filename: 'shop.png', contentType: 'image/png', data: await pngImage(2400, 1350) },
    ]);
    const uploaded = await owner.client.post('/api/uploads/images', image.payload, {
      headers: image.headers,
    });
    const picture = uploaded.json().files[0] as { url: string; thumbnailUrl: string };
    const id = (
      await createListing(t.app, owner, { name: 'Pictured Shop', images: [picture.url], approvedBy: admin })
    ).id;
    const html = (await page(`/opportunities/${id}`)).body;
    // React writes attribute names in camelCase (fetchPriority, imageSrcSet); HTML ignores their case.
    const preload = (
      /<link rel="preload"[^>]*as="image"[^>]*\/>/.exec(headOf(html))?.[0] ?? ''
    ).toLowerCase();
    expect(preload).toContain('fetchpriority="high"');
    const medium = picture.url.replace('.webp', '-960.webp');
    expect(preload).toContain(
      `imagesrcset="${picture.thumbnailUrl} 480w, ${medium} 960w, ${picture.url} 2000w"`,
    );
    expect(preload).toContain('imagesizes="');
    const stage = (new RegExp(`<img src="${picture.url}"[^>]*>`).exec(html)?.[0] ?? '').toLowerCase();
    expect(stage).toContain(`srcset="${picture.thumbnailUrl} 480w, ${medium} 960w, ${picture.url} 2000w"`);
    expect(stage).toMatch(/width="2000" height="1125"/);
    expect(stage).toContain('fetchpriority="high"');
    // Every picture file the srcset names exists.
    for (const url of [picture.thumbnailUrl, medium, picture.url]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('is in English with ?lang=en, which the lang cookie then remembers', async () => {
    const res = await page(`/opportunities/${listingId}?lang=en`);
    expect(res.body).toContain('<html lang="en" dir="ltr" data-server-lang>');
    expect(res.body).toContain('Najd Specialty Roastery');
    expect(res.body).toContain('Riyadh');
    expect(metaContent(res.body, 'og:locale')).toBe('en_US');
    expect(metaContent(res.body, 'og:title')).toBe('Najd Specialty Roastery | Safqa');
    // The English page names itself (API.md): canonical and og:url are the ?lang=en address.
    expect(res.body).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/opportunities/${listingId}?lang=en" />`,
    );
    expect(metaContent(res.body, 'og:url')).toBe(`${PUBLIC_URL}/opportunities/${listingId}?lang=en`);
    expect(res.cookies.find((c) => c.name === 'lang')?.value).toBe('en');

    const byCookie = await page(`/opportunities/${listingId}`, {}, { lang: 'en' });
    expect(byCookie.body).toContain('<html lang="en" dir="ltr" data-server-lang>');
    expect(metaContent(byCookie.body, 'og:title')).toBe('Najd Specialty Roastery | Safqa');
  });

  it('hands the browser the data it was rendered with, in a data block (no inline script)', async () => {
    const res = await page(`/opportunities/${listingId}`);
    const state = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(res.body)?.[1];
    const parsed = JSON.parse(state!);
    expect(
      parsed.queries.queries.some(
        (q: { state: { data?: { id?: number } } }) => q.state.data?.id === listingId,
      ),
    ).toBe(true);
    // The text of the catalogues it was rendered with, in its language only: the browser hydrates
    // with them rather than downloading them as modules first (issue 26).
    expect(Object.keys(parsed.catalogues).sort()).toEqual(
      ['chat', 'common', 'insights', 'listings', 'offers', 'opportunities', 'safety'].sort(),
    );
    expect(parsed.catalogues.common.appName).toBe('صفقة');
    const english = await page(`/opportunities/${listingId}?lang=en`);
    const englishState = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(
      english.body,
    )?.[1];
    expect(JSON.parse(englishState!).catalogues.common.appName).toBe('Safqa');
    expect(res.body).not.toMatch(/<script>(?!<)/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(String(res.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
  });

  it('counts a rendered listing page once per day for a returning visitor, never for a crawler or a first visit', async () => {
    const id = (
      await createListing(t.app, owner, { name: 'Counted Cafe', nameAr: 'مقهى معدود', approvedBy: admin })
    ).id;
    const browser = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      accept: 'text/html',
    };
    const viewers = async () =>
      (
        await t.app.database.withSession((q) =>
          q<{ viewer: string }>('SELECT viewer FROM opportunity_viewers WHERE opportunity_id = $1', [id]),
        )
      ).map((r) => r.viewer);

    const crawled = await page(`/opportunities/${id}`, {}, { vid: 'crawlerAAAAAAAAAAAAAAA' });
    expect(crawled.statusCode).toBe(200);
    expect(crawled.cookies.find((c) => c.name === 'vid')).toBeUndefined();
    const first = await page(`/opportunities/${id}`, browser);
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'vid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await viewers()).toEqual([]);

    await page(`/opportunities/${id}`, browser, { vid: cookie!.value });
    await page(`/opportunities/${id}?lang=en`, browser, { vid: cookie!.value });
    // A signed-in visitor's page carries no listing: their browser's API call counts them.
    await page(`/opportunities/${id}`, browser, { vid: 'signedInAAAAAAAAAAAAAA', signed_in: '1' });
    expect(await viewers()).toEqual([`v:${cookie!.value.split('.')[0]}`]);
  });

  it.each([
    ['an unknown id', () => '/opportunities/987654'],
    ['a pending listing', () => `/opportunities/${pendingId}`],
    ['an id that is not a number', () => '/opportunities/abc'],
    ['an id in another notation', () => '/opportunities/1e3'],
    ['a huge id', () => '/opportunities/99999999999999999999999'],
  ])('answers the not-found page with status 404 for %s', async (_label, url) => {
    const res = await page(url());
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('الفرصة غير موجودة');
    expect(metaContent(res.body, 'robots')).toBe('noindex');
  });

  it('answers the not-found page with 404 for a suspended listing', async () => {
    const id = (
      await createListing(t.app, owner, { name: 'Closed Cafe', nameAr: 'مقهى مغلق', approvedBy: admin })
    ).id;
    await t.app.opportunities.changeStatus(id, { id: admin.id, role: 'admin' }, 'suspended');
    const res = await page(`/opportunities/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('مقهى مغلق');
  });

  it('escapes hostile listing text in the page, the head tags and the JSON-LD', async () => {
    const res = await page(`/opportunities/${hostileId}?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<b>tags</b>');
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Shop');
    const head = headOf(res.body);
    expect(head).not.toContain('\u202E');
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)![1]!;
    expect(jsonLd).not.toContain('</script>');
    expect(JSON.parse(jsonLd)[1].name).toBe('</script><script>alert(1)</script> Shop');

    const arabic = await page(`/opportunities/${hostileId}?lang=ar`);
    expect(headOf(arabic.body)).not.toContain('\u202E');
    expect(
      JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(arabic.body)![1]!)[1].name,
    ).toContain('\u202E');
  });
});

describe('other pages', () => {
  it.each([
    ['/', 'ar', 'صفقة'],
    ['/search?businessTypeId=8', 'ar', 'محمصة نجد المختصة'],
    ['/faq?lang=en', 'en', 'Frequently asked questions'],
    ['/contact', 'ar', 'تواصل معنا'],
    ['/login?lang=en', 'en', 'Log in'],
    ['/register', 'ar', 'إنشاء حساب'],
  ])('%s is rendered on the server in %s', async (url, lang, text) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<html lang="${lang}"`);
    const body = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(body).toContain(text);
    expect(res.body).toContain('<script type="application/json" id="server-state">');
  });

  it('answers an unknown path with the not-found page and status 404', async () => {
    const res = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('الصفحة غير موجودة');
  });

  it('leaves signed-in pages to the browser: the shell, in the visitor language', async () => {
    const res = await page('/profile', {}, { lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en" dir="ltr" data-server-lang>');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="server-state"');
    // Nothing to read before the app runs: its imports are preloaded at once.
    expect(res.body).toContain('<link rel="modulepreload"');
  });

  it('lets a server-rendered page paint before the app loads: the entry named for boot.js, no preloads', async () => {
    const html = (await page('/faq')).body;
    expect(html).toMatch(/<meta name="app-entry" content="\/assets\/index-[\w-]+\.js" \/>/);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/);
  });

  it('renders the account area as pending, never "Log in", for a visitor who says they are signed in', async () => {
    const visitor = await page('/faq');
    expect(visitor.body).toContain('href="/login"');
    const member = await page('/faq', {}, { signed_in: '1' });
    const navbar = member.body.slice(member.body.indexOf('<header'), member.body.indexOf('</header>'));
    expect(navbar).not.toContain('href="/login"');
    expect(member.body).toContain('"signedInHint":true');
  });
});

describe('when server rendering fails', () => {
  let broken: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'safqa-broken-web-'));
    mkdirSync(path.join(dist, 'server'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ar" dir="rtl"><head><title>صفقة | Safqa</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dist, 'server', 'entry-server.js'),
      'export async function init() {}\nexport async function render() { throw new Error("renderer exploded"); }\n',
    );
    broken = await createTestApp({}, { webDist: dist });
  });
  afterAll(async () => {
    await broken?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the client shell with 200 and stores the failure in the error logs', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/search?q=x', headers: crawler });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<title>صفقة | Safqa</title>');
    const logs = await broken.app.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.message, 'renderer exploded'));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ endpoint: 'GET /search', source: 'server' });
  });
});
