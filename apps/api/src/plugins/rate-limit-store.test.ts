import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';

/**
 * Issue 10: rate limits were counted per process, so N processes allowed N times the limit. Two apps
 * on one database stand for two server processes behind a load balancer (each has its own memory).
 * RATE_LIMIT_SCALE 0.01 makes the global limit 3 requests a minute per address.
 */
let database: Database;
const apps: TestApp[] = [];

async function twoProcesses(store: 'memory' | 'database') {
  // Processes behind one balancer share their secrets (a CSRF token from one is good on the other).
  const options = {
    RATE_LIMIT_SCALE: '0.01',
    RATE_LIMIT_STORE: store,
    JWT_SECRET: 'shared-secret-of-both-processes-0123456789',
  };
  const pair = [
    await createTestApp(options, {}, { database }),
    await createTestApp(options, {}, { database }),
  ];
  apps.push(...pair);
  return pair.map((t) => t.app);
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await database.close();
});

describe('rate limits shared through the database', () => {
  it('lets two processes together allow what one allows, per address', async () => {
    const [a, b] = await twoProcesses('database');
    const ask = (app: typeof a, ip: string) =>
      app!.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip }).then((res) => res.statusCode);
    const ip = '198.51.100.20';
    expect([await ask(a, ip), await ask(b, ip), await ask(a, ip)]).toEqual([200, 200, 200]);
    // The budget is spent, whichever process the balancer picks next.
    expect(await ask(b, ip)).toBe(429);
    expect(await ask(a, ip)).toBe(429);
    const limited = await b!.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address has its own budget on both.
    expect([await ask(b, '198.51.100.21'), await ask(a, '198.51.100.21')]).toEqual([200, 200]);
  });

  it('counts concurrent requests exactly: 20 at once through two processes, 3 allowed', async () => {
    const [a, b] = await twoProcesses('database');
    const ip = '198.51.100.30';
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a! : b!)
          .inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip })
          .then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
  });

  it('keeps a route limit apart from the global one (their own counters)', async () => {
    const [a, b] = await twoProcesses('database');
    const ip = '198.51.100.40';
    // Error reports allow 1 a minute at this scale; the global budget of the address is untouched by it.
    const health = await a!.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.99' });
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(health.headers['set-cookie']))![1]!;
    const report = (app: typeof a) =>
      app!
        .inject({
          method: 'POST',
          url: '/api/error-logs',
          remoteAddress: ip,
          cookies: { 'XSRF-TOKEN': xsrf },
          headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
          payload: { message: 'boom', path: '/x' },
        })
        .then((res) => res.statusCode);
    expect(await report(a)).toBe(202);
    expect(await report(b)).toBe(429);
    expect((await b!.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip })).statusCode).toBe(200);
  });

  it('in memory (one embedded database, one process) each process would count alone: the reason for the shared store', async () => {
    const [a, b] = await twoProcesses('memory');
    const ip = '198.51.100.50';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 ? a! : b!;
      statuses.push((await app.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
