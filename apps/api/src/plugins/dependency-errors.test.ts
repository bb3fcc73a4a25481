import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { freePort } from '../faults/support';
import { createTestApp, openTestDatabase, TestClient, type TestApp } from '../test/test-app';
import { classifyDependencyError } from '../lib/dependency-errors';

/**
 * Issue 20: a database that is away. Queries go through node-postgres to a port where nothing
 * listens (refused at once) or to a server that accepts and never answers (only the pool's
 * connection timeout ends the wait). Writes answer 503 SERVICE_UNAVAILABLE with Retry-After, never
 * 500 INTERNAL; health answers 503 `db: "unreachable"` quickly; /metrics counts the refusals and no
 * row goes to the admin error log. (The fault suite cuts a real PostgreSQL: postgres-away.fault.ts.)
 */
const METRICS_TOKEN = 'metrics-token-for-db-outage';
let real: Database;
let blackHole: net.Server;
const held = new Set<net.Socket>();
let apps: TestApp[] = [];
const away: Database[] = [];

beforeAll(async () => {
  real = await openTestDatabase();
  blackHole = net.createServer((socket) => {
    held.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  for (const t of apps) await t.close();
  apps = [];
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  blackHole?.close();
  for (const database of away) await database.close().catch(() => {});
  await real?.close();
});

/** The app with its live updates on the test database but every query sent to `url`. */
async function appOnDatabaseAt(url: string): Promise<TestApp> {
  const unreachable = await openDatabase({ url });
  away.push(unreachable);
  const t = await createTestApp({ METRICS_TOKEN }, {}, { database: { ...real, db: unreachable.db } });
  apps.push(t);
  return t;
}

const contact = { name: 'مالك', email: 'owner@example.test', message: 'رسالة أثناء انقطاع قاعدة البيانات' };
const errorLogRows = async () =>
  Number(
    (
      (await real.db.execute(sql`SELECT count(*)::int AS n FROM error_logs`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe('a database that is away', () => {
  it('answers writes 503 with Retry-After in the caller’s language, health 503, and counts it', async () => {
    const t = await appOnDatabaseAt(`postgres://postgres@127.0.0.1:${await freePort()}/gone`);
    const logsBefore = await errorLogRows();
    const client = new TestClient(t.app);
    const ar = await client.post('/api/contact', contact);
    expect(ar.statusCode).toBe(503);
    expect(ar.headers['retry-after']).toBe('5');
    expect(ar.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('مؤقت') });
    const en = await client.post('/api/contact', contact, { headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(503);
    expect(en.json().message).toMatch(/try again/i);
    // A read that needs the database says the same.
    expect((await t.app.inject({ method: 'GET', url: '/api/opportunities?page=1' })).statusCode).toBe(503);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', db: 'unreachable', disk: 'ok', storage: 'ok' });

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/^dependency_refusals_total\{dependency="db"\} 3$/m);
    expect(metrics.body).toMatch(/^dependency_refusals_total\{dependency="storage"\} 0$/m);
    expect(await errorLogRows(), 'an outage is not a bug').toBe(logsBefore);
  });

  it('does not hang on a server that accepts and never answers', async () => {
    const { port } = blackHole.address() as net.AddressInfo;
    const t = await appOnDatabaseAt(`postgres://postgres@127.0.0.1:${port}/hung`);
    const client = new TestClient(t.app);
    await client.csrfToken();
    const health = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.result.statusCode).toBe(503);
    expect(health.ms).toBeLessThan(3_000);
    const write = await timed(() => client.post('/api/contact', contact));
    expect(write.result.statusCode).toBe(503);
    expect(write.result.headers['retry-after']).toBe('5');
    expect(write.ms).toBeLessThan(5_000);
  }, 20_000);
});

describe('what counts as the database being away', () => {
  /** node-postgres's error as it reaches the handler, wrapped the way Drizzle wraps it. */
  const serverError = (code: string, message: string) =>
    new Error('Failed query', { cause: Object.assign(new pg.DatabaseError(message, 0, 'error'), { code }) });

  it('takes every "cannot connect now" state for unavailable (polish-2: they answered 500)', () => {
    for (const [code, message] of [
      ['55000', 'database "safqa" is not currently accepting connections'],
      ['53300', 'sorry, too many clients already'],
      ['57P03', 'the database system is starting up'],
      ['57P01', 'terminating connection due to administrator command'],
      ['08006', 'connection failure'],
    ] as const) {
      expect(classifyDependencyError(serverError(code, message)), code).toEqual({
        dependency: 'db',
        status: 503,
      });
    }
  });

  it('leaves a bug with the same code a bug', () => {
    const bug = serverError(
      '55000',
      'currval of sequence "offers_id_seq" is not yet defined in this session',
    );
    expect(classifyDependencyError(bug)).toBeNull();
  });
});
