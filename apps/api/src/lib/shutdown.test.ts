import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from '../test/test-app';
import { createShutdown } from './shutdown';

const PORT = 3101;

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

let t: TestApp;
const started = deferred();
const release = deferred();
beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      beforeReady: (app) => {
        // A request that is still being answered when the signal arrives.
        app.get('/api/test/slow', { schema: { hide: true } }, async () => {
          started.resolve();
          await release.promise;
          return { finished: true };
        });
      },
    },
  );
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
});
afterAll(async () => {
  // The shutdown under test closed the app and the database already.
  rmSync(t.config.dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('stops taking connections, lets the request in flight finish, then closes the database', async () => {
    const inFlight = fetch(`http://127.0.0.1:${PORT}/api/test/slow`);
    await started.promise;

    const exits: number[] = [];
    const shutdown = createShutdown({ app: t.app, database: t.database, exit: (code) => exits.push(code) });
    const closing = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(closing);

    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`http://127.0.0.1:${PORT}/api/health`)).rejects.toThrow();
    expect(exits).toEqual([]);

    release.resolve();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });

    await closing;
    expect(exits).toEqual([0]);
    await expect(t.database.db.execute(sql`SELECT 1`)).rejects.toThrow();
  });

  it('exits with failure when closing hangs past the timeout, without waiting for it', async () => {
    const exits: number[] = [];
    const closed: string[] = [];
    const app = {
      log: { info: () => {}, error: () => {} },
      startDraining: () => {},
      close: () => new Promise<void>(() => {}),
    } as unknown as FastifyInstance;
    const database = {
      close: async () => void closed.push('db'),
      cancelRunning: async () => 0,
    } as unknown as Database;
    void createShutdown({ app, database, timeoutMs: 50, exit: (code) => exits.push(code) })('SIGTERM');
    await new Promise((r) => setTimeout(r, 150));
    expect(exits).toEqual([1]);
    expect(closed).toEqual([]);
  });

  it('cancels the statements still running after the grace, so closing ends within the deadline', async () => {
    const exits: number[] = [];
    const steps: string[] = [];
    // A request whose statement waits on a lock: it ends only when its statement is cancelled.
    let cancelStatement!: () => void;
    const statement = new Promise<void>((resolve) => (cancelStatement = resolve));
    const app = {
      log: { info: () => {}, warn: () => {}, error: () => {} },
      startDraining: () => {},
      close: async () => {
        await statement;
        steps.push('app closed');
      },
    } as unknown as FastifyInstance;
    const database = {
      cancelRunning: async () => {
        steps.push('cancelled');
        cancelStatement();
        return 1;
      },
      close: async () => void steps.push('db closed'),
    } as unknown as Database;
    const started = performance.now();
    await createShutdown({ app, database, timeoutMs: 5_000, graceMs: 100, exit: (code) => exits.push(code) })(
      'SIGTERM',
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(steps).toEqual(['cancelled', 'app closed', 'db closed']);
    expect(exits).toEqual([0]);
  });
});
