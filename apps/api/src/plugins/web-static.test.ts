import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';
import { CSP_NONCE_PLACEHOLDER } from '../web/page-document';

const INDEX = '<!doctype html><html lang="ar" dir="rtl"><body><div id="root"></div></body></html>';
const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

let database: Database;
let withBuild: TestApp;
let withoutBuild: TestApp;
let webDist: string;

beforeAll(async () => {
  // A tiny stand-in for apps/web/dist: index.html, a hashed asset and an unhashed public file.
  webDist = mkdtempSync(path.join(tmpdir(), 'safqa-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  writeFileSync(path.join(webDist, 'assets', 'index-Abc123.js'), 'console.log("app")');
  writeFileSync(path.join(webDist, 'boot.js'), 'document.documentElement.lang = "ar"');

  database = await openTestDatabase();
  withBuild = await createTestApp({}, { webDist }, { database });
  withoutBuild = await createTestApp({}, { webDist: path.join(webDist, 'missing') }, { database });
});
afterAll(async () => {
  await withBuild?.close();
  await withoutBuild?.close();
  await database?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each([
    '/',
    '/search?businessTypeId=4&sort=newest&page=1',
    '/opportunities/12',
    '/dev/mail',
    '/index.html',
  ])(
    "answers the page address %s with the page, for the browser only (its language is the cookie's) and under the CSP",
    async (url) => {
      const res = await withBuild.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(
        INDEX.replace('<html lang="ar" dir="rtl">', '<html lang="ar" dir="rtl" data-server-lang>'),
      );
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toContain('cookie');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('answers pages in the language of ?lang=, remembered in the lang cookie, else the cookie, else Arabic', async () => {
    const asked = await withBuild.app.inject({ method: 'GET', url: '/faq?lang=en', headers: html });
    expect(asked.body).toContain('<html lang="en" dir="ltr" data-server-lang>');
    const cookie = asked.cookies.find((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax', maxAge: 31536000 });

    const remembered = await withBuild.app.inject({
      method: 'GET',
      url: '/faq',
      headers: html,
      cookies: { lang: 'en' },
    });
    expect(remembered.body).toContain('<html lang="en" dir="ltr" data-server-lang>');

    for (const bad of ['/faq?lang=xx', '/faq?lang=', '/faq?lang=en&lang=ar']) {
      const res = await withBuild.app.inject({ method: 'GET', url: bad, headers: html });
      expect(res.body, bad).toContain('<html lang="ar" dir="rtl" data-server-lang>');
      expect(
        res.cookies.find((c) => c.name === 'lang'),
        bad,
      ).toBeUndefined();
    }
    const badCookie = await withBuild.app.inject({
      method: 'GET',
      url: '/faq',
      headers: html,
      cookies: { lang: 'fr' },
    });
    expect(badCookie.body).toContain('<html lang="ar" dir="rtl" data-server-lang>');
  });

  it('caches hashed assets for a year and revalidates the other build files', async () => {
    const asset = await withBuild.app.inject({ method: 'GET', url: '/assets/index-Abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The next build's files, written beside these during a rolling deploy, are served too: a page of
    // the new build may ask a process that still runs this one for its chunks.
    writeFileSync(path.join(webDist, 'assets', 'faq-page-Next42.js'), 'console.log("next")');
    const next = await withBuild.app.inject({ method: 'GET', url: '/assets/faq-page-Next42.js' });
    expect(next.statusCode).toBe(200);
    expect(next.body).toBe('console.log("next")');
    expect(next.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const boot = await withBuild.app.inject({ method: 'GET', url: '/boot.js' });
    expect(boot.statusCode).toBe(200);
    expect(boot.headers['cache-control']).toBe('no-cache');
  });

  it('keeps API, asset and upload misses as JSON 404s, even for a browser asking for HTML', async () => {
    for (const url of [
      '/api/nothing',
      '/api',
      '/%61pi/nothing',
      '/assets/index-Old999.js',
      '/uploads/images/none.webp',
    ]) {
      const res = await withBuild.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: 'NOT_FOUND', message: 'غير موجود' });
    }
  });

  it('answers a page address that is not valid percent-encoding with the not-found page, the API with JSON', async () => {
    const bad = await withBuild.app.inject({ method: 'GET', url: '/opportunities/%E0%A4%A', headers: html });
    expect(bad.statusCode).toBe(302);
    const page = await withBuild.app.inject({ method: 'GET', url: bad.headers.location!, headers: html });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const api = await withBuild.app.inject({
      method: 'GET',
      url: '/api/opportunities/%E0%A4%A',
      headers: html,
    });
    expect(api.statusCode).toBe(400);
    expect(api.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers page addresses with HTML whatever the Accept header (link-preview crawlers send */*)', async () => {
    for (const accept of ['*/*', 'application/json', '']) {
      const res = await withBuild.app.inject({
        method: 'GET',
        url: '/opportunities/12',
        headers: { accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toBe('text/html; charset=utf-8');
    }
    const post = await withBuild.app.inject({ method: 'POST', url: '/profile', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('serves only the API when there is no web build', async () => {
    const res = await withoutBuild.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const health = await withoutBuild.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});

describe('the development mail catcher in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({}, { isProduction: true, webDist }, { database });
  });
  afterAll(async () => production?.close());

  it.each([
    '/dev/mail',
    '/dev/mail/',
    '/dev/mail?to=someone@example.com',
    '/dev/mail/12',
    '/DEV/Mail',
    '/%64ev/m%61il',
    '//dev//mail',
    '/api/dev/mail',
  ])('answers %s with the JSON 404 and the security headers, not the app', async (url) => {
    const res = await production.app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'غير موجود' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('still serves the other pages, including one whose name only starts the same', async () => {
    for (const url of ['/faq', '/dev/mailbox', '/developers']) {
      const res = await production.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });
});

describe('the web app with a CSP nonce placeholder (the real build)', () => {
  const NONCED = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" /></head><body></body></html>`;
  let nonced: TestApp;
  let noncedDist: string;
  beforeAll(async () => {
    noncedDist = mkdtempSync(path.join(tmpdir(), 'safqa-web-nonce-'));
    writeFileSync(path.join(noncedDist, 'index.html'), NONCED);
    nonced = await createTestApp({}, { webDist: noncedDist }, { database });
  });
  afterAll(async () => {
    await nonced?.close();
    rmSync(noncedDist, { recursive: true, force: true });
  });

  async function load() {
    const res = await nonced.app.inject({ method: 'GET', url: '/admin/faqs', headers: html });
    expect(res.statusCode).toBe(200);
    const nonce = /nonce="([^"]+)"/.exec(res.body)?.[1];
    return { res, nonce };
  }

  it("puts the rendered page's nonce in the page and in its style-src, the same in every copy of it", async () => {
    const first = await load();
    const second = await load();
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // The page is rendered once and kept (web/page-cache.ts): its copies carry the nonce it was made with.
    expect(second.nonce).toBe(first.nonce);
    expect(String(second.res.headers['content-security-policy'])).toContain(`'nonce-${first.nonce}'`);
    const policy = String(first.res.headers['content-security-policy']);
    expect(policy).toMatch(
      new RegExp(`(^|;)style-src 'self' 'nonce-${first.nonce!.replace(/[+/]/g, '\\$&')}'(;|$)`),
    );
    expect(policy).toMatch(/(^|;)script-src 'self'(;|$)/);
    expect(first.res.headers['cache-control']).toBe('private, no-cache');
    expect(first.res.headers.etag).toBe(second.res.headers.etag);
  });

  it('gives API answers no nonce', async () => {
    const res = await nonced.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).not.toContain('nonce-');
  });
});

describe('uploaded files', () => {
  it('serves public files with a long cache and nosniff', async () => {
    const image = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    await withBuild.app.storage.put('public', 'images/ab/photo.webp', image);
    const res = await withBuild.app.inject({ method: 'GET', url: '/uploads/images/ab/photo.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(image)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('never serves private files or anything outside the public root', async () => {
    await withBuild.app.storage.put('private', 'docs/contract.pdf', Buffer.from('%PDF-1.7 secret'));
    for (const url of [
      '/uploads/../private/docs/contract.pdf',
      '/uploads/..%2fprivate%2fdocs%2fcontract.pdf',
      '/uploads/%2e%2e/private/docs/contract.pdf',
      '/uploads/..%2f..%2f..%2fetc%2fpasswd',
    ]) {
      const res = await withBuild.app.inject({ method: 'GET', url });
      // Either refused, or (once the path is normalised) an ordinary page address answered with HTML.
      if (res.statusCode < 400) expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).not.toContain('secret');
      expect(res.body, url).not.toContain('root:');
    }
  });
});
