import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sitemapLimits } from './routes';
import { escapeXml } from './sitemap';
import { createListing, createUser, type TestUser } from '../../test/factories';

const PUBLIC_URL = 'https://safqa.example';
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let approvedId: number;
let pendingId: number;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  approvedId = (await createListing(t.app, owner, { approvedBy: admin })).id;
  pendingId = (await createListing(t.app, owner)).id;
});
afterAll(async () => {
  sitemapLimits.maxUrls = 50_000;
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });

describe('GET /robots.txt', () => {
  it('keeps crawlers out of the API, the admin panel and profiles, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /profile']),
    );
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and approved listings with their language alternates, not pending ones', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    for (const path of ['/', '/search', '/faq', '/contact'])
      expect(res.body).toContain(`<loc>${PUBLIC_URL}${path}</loc>`);
    const listing = `${PUBLIC_URL}/opportunities/${approvedId}`;
    expect(res.body).toContain(`<loc>${listing}</loc>`);
    // The same alternates as the page's own head: Arabic is the address without lang.
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${listing}"/>`);
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${listing}?lang=en"/>`);
    expect(res.body).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${listing}"/>`);
    expect(res.body).toMatch(new RegExp(`<loc>${listing}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(res.body).not.toContain(`/opportunities/${pendingId}<`);
  });

  it('drops a listing as soon as it is suspended, and adds one as soon as it is approved', async () => {
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    expect((await get('/sitemap.xml')).body).toContain(`/opportunities/${id}</loc>`);
    await t.app.opportunities.changeStatus(id, { id: admin.id, role: 'admin' }, 'suspended');
    expect((await get('/sitemap.xml')).body).not.toContain(`/opportunities/${id}</loc>`);
    // Its own pending listing: the shared one must stay pending for the test that checks it is left out.
    const pending = (await createListing(t.app, owner)).id;
    expect((await get('/sitemap.xml')).body).not.toContain(`/opportunities/${pending}</loc>`);
    await t.app.opportunities.changeStatus(pending, { id: admin.id, role: 'admin' }, 'approved');
    expect((await get('/sitemap.xml')).body).toContain(`/opportunities/${pending}</loc>`);
  });

  it('becomes an index of files past the URL limit, each file within it, together listing everything', async () => {
    const extra = [];
    for (let i = 0; i < 4; i++) extra.push((await createListing(t.app, owner, { approvedBy: admin })).id);
    sitemapLimits.maxUrls = 5;
    // A change of what is public forgets the built files.
    t.app.opportunities.invalidatePublic();
    try {
      const index = await get('/sitemap.xml');
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(files[0]).toBe(`${PUBLIC_URL}/sitemap-1.xml`);
      const listed: string[] = [];
      for (const file of files) {
        const res = await get(new URL(file).pathname);
        expect(res.statusCode, file).toBe(200);
        const locs = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
        expect(locs.length, file).toBeLessThanOrEqual(5);
        listed.push(...locs);
      }
      expect(new Set(listed).size).toBe(listed.length);
      for (const id of [approvedId, ...extra]) expect(listed).toContain(`${PUBLIC_URL}/opportunities/${id}`);
      expect(listed).toContain(`${PUBLIC_URL}/faq`);
      expect(files.length).toBe(Math.ceil(listed.length / 5));
    } finally {
      sitemapLimits.maxUrls = 50_000;
      t.app.opportunities.invalidatePublic();
    }
  });

  it('is compressed once per build and revalidated by ETag: a crawler with the tag gets a 304', async () => {
    const headers = { accept: '*/*', 'accept-encoding': 'br, gzip' };
    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain(`/opportunities/${approvedId}</loc>`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A change to what is public makes a new file with a new tag: the old one no longer matches.
    const id = (await createListing(t.app, owner, { approvedBy: admin })).id;
    const changed = await t.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { ...headers, 'accept-encoding': 'identity', 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-encoding']).toBeUndefined();
    expect(changed.body).toContain(`/opportunities/${id}</loc>`);
  });

  it.each(['/sitemap-0.xml', '/sitemap-x.xml', '/sitemap-99.xml', '/sitemap-1.xml', '/sitemap-1e3.xml'])(
    'answers %s with the 404 error body (no split now)',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );
});

describe('escapeXml', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});
