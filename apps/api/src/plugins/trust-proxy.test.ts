import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * TRUST_PROXY outside production (a cluster behind HAProxy in development or CI): the proxy's
 * X-Forwarded-For names the client, a header from anyone else is ignored. Seen through the per-IP
 * limit (scaled to 3 requests a minute), which counts request.ip.
 */
const PROXY = '10.9.0.1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '0.01', TRUST_PROXY: PROXY });
});
afterAll(async () => t.close());

const faqs = (remoteAddress: string, forwardedFor?: string) =>
  t.app
    .inject({
      method: 'GET',
      url: '/api/faqs',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    .then((res) => res.statusCode);

describe('client addresses behind the trusted proxy', () => {
  it("counts each visitor the proxy forwards on its own, not the proxy's address", async () => {
    for (let i = 0; i < 3; i++) expect(await faqs(PROXY, '203.0.113.10')).toBe(200);
    expect(await faqs(PROXY, '203.0.113.10')).toBe(429);
    // Another visitor behind the same proxy has their own budget.
    expect(await faqs(PROXY, '203.0.113.11')).toBe(200);
    // A visitor cannot escape by writing the header themselves: the proxy appends the real address.
    expect(await faqs(PROXY, '198.51.100.99, 203.0.113.10')).toBe(429);
  });

  it('ignores X-Forwarded-For from a client that is not the proxy', async () => {
    const client = '198.51.100.20';
    for (let i = 0; i < 3; i++) expect(await faqs(client, `203.0.113.${50 + i}`)).toBe(200);
    expect(await faqs(client, '203.0.113.60')).toBe(429);
    expect(await faqs(client)).toBe(429);
  });

  it("does not count the proxy's own health checks, which would take every process out of rotation", async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: PROXY });
      expect(res.statusCode, `check ${i + 1}`).toBe(200);
    }
    const visitor = () => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.30' });
    for (let i = 0; i < 3; i++) expect((await visitor()).statusCode).toBe(200);
    expect((await visitor()).statusCode).toBe(429);
  });
});
