import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../db/schema/content';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';

/**
 * An app configured as in production (behind a private-network proxy, HSTS) with per-IP limits scaled down to
 * 1%: the global limit becomes 3 requests a minute, analytics 2, error reports 1.
 */
let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0.01' }, { isProduction: true });
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

describe('rate limits', () => {
  it('answers 429 RATE_LIMITED with Retry-After in the request language once an IP used its budget', async () => {
    const ip = '203.0.113.1';
    for (let i = 0; i < 3; i++) {
      const ok = await t.app.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip });
      expect(ok.statusCode, `request ${i + 1}`).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/admin/lookups/regions',
      remoteAddress: ip,
      headers: { 'accept-language': 'en' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, try again later' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const arabic = await t.app.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip });
    expect(arabic.statusCode).toBe(429);
    expect(arabic.json().message).toBe('طلبات كثيرة، حاول لاحقًا');

    const otherIp = await t.app.inject({ method: 'GET', url: '/api/faqs', remoteAddress: '203.0.113.2' });
    expect(otherIp.statusCode).toBe(200);
  });

  it('keys on the client address the private proxy reports, so a forged X-Forwarded-For changes nothing', async () => {
    const proxy = '10.0.0.1';
    const viaProxy = (forwardedFor: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/faqs',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await viaProxy(`198.51.100.${i}, 192.0.2.7`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    // Another visitor behind the same proxy keeps a budget of their own.
    expect((await viaProxy('192.0.2.8')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not our proxy', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/faqs',
        remoteAddress: '203.0.113.50',
        headers: { 'x-forwarded-for': `198.51.100.${i + 20}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('applies a route limit on top of its own budget and stores nothing for a refused request', async () => {
    const ip = '203.0.113.3';
    const event = { name: 'page_view', path: '/faq' };
    const first = await client.post('/api/analytics/events', event, { remoteAddress: ip });
    const second = await client.post('/api/analytics/events', event, { remoteAddress: ip });
    const third = await client.post('/api/analytics/events', event, { remoteAddress: ip });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([202, 202, 429]);
    expect(third.headers['retry-after']).toBeDefined();
    expect(await t.app.db.select().from(analyticsEvents)).toHaveLength(2);

    const report = { message: 'boom', path: '/' };
    const reportIp = '203.0.113.4';
    expect((await client.post('/api/error-logs', report, { remoteAddress: reportIp })).statusCode).toBe(202);
    expect((await client.post('/api/error-logs', report, { remoteAddress: reportIp })).statusCode).toBe(429);
  });

  it('never limits static files: a page with many images stays whole', async () => {
    await t.app.storage.put('public', 'images/rate/a.webp', Buffer.from('RIFF0000WEBP'));
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/uploads/images/rate/a.webp',
        remoteAddress: '203.0.113.5',
      });
      expect(res.statusCode, `image ${i + 1}`).toBe(200);
    }
  });
});

/** A GET sent with its path exactly as written (app.inject and fetch would resolve its dot segments). */
function rawGet(port: number, rawPath: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: rawPath,
        headers: { 'x-forwarded-for': forwardedFor, accept: 'text/html' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

describe('the static-file allow-list', () => {
  let web: TestApp;
  let webDist: string;
  let port: number;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'safqa-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="ar"><body></body></html>');
    writeFileSync(path.join(webDist, 'assets', 'index-Abc123.js'), 'console.log("app")');
    web = await createTestApp(
      { RATE_LIMIT_SCALE: '0.01' },
      { isProduction: true, webDist },
      { database: t.database },
    );
    // Loopback is a trusted proxy in production: X-Forwarded-For names the client.
    await web.app.listen({ port: 0, host: '127.0.0.1' });
    port = (web.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await web?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('never limits the files of the web build', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(await rawGet(port, '/assets/index-Abc123.js', '203.0.113.60'));
    expect(codes).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it.each([
    ['/assets/../faq', '203.0.113.61'],
    ['/assets/%2e%2e/faq', '203.0.113.62'],
  ])(
    'refuses a raw address that climbs out of the assets folder (%s): no page, no file',
    async (rawPath, client) => {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push(await rawGet(port, rawPath, client));
      // The assets' own route (looked up on disk per request, for rolling deploys) refuses the dot
      // segments at once: the page /faq is not rendered for it, so there is nothing to count.
      expect(codes).toEqual([403, 403, 403, 403, 403]);
    },
  );

  it('counts a page like any other, the one such an address would have reached', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push(await rawGet(port, '/faq', '203.0.113.63'));
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('production headers', () => {
  it('pins HTTPS with HSTS and upgrades insecure subresources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
