import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { leaseSize } from './rate-limit-store';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';

/**
 * Issue 10: rate limits were counted per process, so N processes allowed N times the limit. Two apps
 * on one database stand for two server processes behind a load balancer (each has its own memory).
 * RATE_LIMIT_SCALE 0.01 makes the global limit 3 requests a minute per address.
 */
let database: Database;
const apps: TestApp[] = [];

/** The Redis of REDIS_URL tests (TEST_REDIS_URL, else the machine's own). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function twoProcesses(store: 'memory' | 'database' | 'redis', scale = '0.01') {
  if (store === 'redis') {
    // Each run counts under its own key prefix, so runs and files never share counters.
    const overrides = { redisNamespace: `safqa-test-${randomBytes(6).toString('hex')}-` };
    const env = {
      RATE_LIMIT_SCALE: '0.01',
      REDIS_URL,
      JWT_SECRET: 'shared-secret-of-both-processes-0123456789',
    };
    const pair = [
      await createTestApp(env, overrides, { database }),
      await createTestApp(env, overrides, { database }),
    ];
    apps.push(...pair);
    return pair.map((t) => t.app);
  }
  // Processes behind one balancer share their secrets (a CSRF token from one is good on the other).
  const options = {
    RATE_LIMIT_SCALE: scale,
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

  it('reserves a large limit in leases: never more than the limit, at most a lease per process early', async () => {
    // The global limit itself: 300 a minute, leased 6 at a time.
    const [a, b] = await twoProcesses('database', '1');
    const ip = '198.51.100.80';
    const counted = async () =>
      (
        (await database.db.execute(
          sql`SELECT coalesce(sum(count), 0)::int AS n FROM rate_limit_counters WHERE key LIKE ${`%|${ip}`}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    const ask = (app: typeof a) =>
      app!.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip }).then((res) => res.statusCode);
    const remaining = (app: typeof a) =>
      app!
        .inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip })
        .then((res) => [res.statusCode, Number(res.headers['x-ratelimit-remaining'])]);
    expect(await remaining(a)).toEqual([200, 299]);
    // One request reserved a lease of 6 in the shared row; the next 5 on that process ask nothing,
    // each in its own place of the count.
    expect(await counted()).toBe(leaseSize(300, 0));
    for (const left of [298, 297, 296, 295, 294]) expect(await remaining(a)).toEqual([200, left]);
    expect(await counted()).toBe(6);
    expect(await remaining(b)).toEqual([200, 293]);
    // Uneven traffic, two requests to one process for each to the other, past the limit.
    const statuses: number[] = [];
    for (let i = 0; i < 360; i++) statuses.push(await ask(i % 3 === 2 ? b : a));
    const allowed = 7 + statuses.filter((status) => status === 200).length;
    expect(allowed).toBeLessThanOrEqual(300);
    expect(allowed).toBeGreaterThanOrEqual(300 - 2 * (leaseSize(300, 0) - 1));
    expect(statuses.slice(-20)).toEqual(Array(20).fill(429));
  });

  it('serves concurrent requests of one address from one lease at a time, exactly', async () => {
    const [a] = await twoProcesses('database', '1');
    const ip = '198.51.100.90';
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        a!.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip }).then((r) => r.statusCode),
      ),
    );
    expect(statuses).toEqual(Array(40).fill(200));
    const { rows } = (await database.db.execute(
      sql`SELECT count FROM rate_limit_counters WHERE key LIKE ${`%|${ip}`}`,
    )) as unknown as { rows: { count: number }[] };
    // Seven leases of 6 for 40 requests: requests waited for the lease in flight instead of each
    // reserving their own.
    expect(rows.map((row) => Number(row.count))).toEqual([42]);
  });

  it('sizes leases by the limit and shrinks them to one near it', () => {
    expect(leaseSize(3, 0)).toBe(1);
    expect(leaseSize(49, 0)).toBe(1);
    expect(leaseSize(300, 0)).toBe(6);
    expect(leaseSize(300, 276)).toBe(6);
    expect(leaseSize(300, 277)).toBe(1);
    expect(leaseSize(300, 299)).toBe(1);
    expect(leaseSize(300, 300)).toBe(6);
    expect(leaseSize(3_000_000, 0)).toBe(16);
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

  it('with REDIS_URL, two processes share their counters in Redis', async () => {
    const [a, b] = await twoProcesses('redis');
    const counters = async () =>
      (
        (await database.db.execute(sql`SELECT count(*)::int AS n FROM rate_limit_counters`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await counters();
    const ip = '198.51.100.60';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? a! : b!;
      statuses.push((await app.inject({ method: 'GET', url: '/api/faqs', remoteAddress: ip })).statusCode);
    }
    expect(statuses, `Redis at ${REDIS_URL} (TEST_REDIS_URL)`).toEqual([200, 200, 200, 429, 429]);
    // Nothing of it went to PostgreSQL.
    expect(await counters()).toBe(before);
  });

  it('answers as usual when Redis does not answer (the limit is skipped, never a 500)', async () => {
    const t = await createTestApp(
      { RATE_LIMIT_SCALE: '0.01', REDIS_URL: 'redis://127.0.0.1:1' },
      {},
      { database },
    );
    apps.push(t);
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/faqs', remoteAddress: '198.51.100.70' });
      expect(res.statusCode).toBe(200);
    }
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
