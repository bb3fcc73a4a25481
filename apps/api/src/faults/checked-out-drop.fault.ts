import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { createDatabase, PG_SERVER } from './support';

/**
 * A connection that drops while a request holds it (checked out of the pool, between two statements
 * of a transaction) must fail that request, never the process. Found by postgres-away.fault.ts: the
 * server died with "Unhandled 'error' event" on a pg Client when the database went away mid-request,
 * because node-postgres leaves a checked-out client without any 'error' listener.
 */
let database: Database;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const created = await createDatabase();
  dropDatabase = created.drop;
  database = await openDatabase({ url: created.url });
});

afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
});

async function terminate(pid: number) {
  const killer = new pg.Client({ connectionString: PG_SERVER });
  await killer.connect();
  await killer.query('SELECT pg_terminate_backend($1)', [pid]);
  await killer.end();
}

describe('a PostgreSQL connection dropped while checked out', () => {
  it('fails its holder with an error, keeps the process alive, and the pool serves the next query', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const held = database.withSession(async (query) => {
        const [row] = await query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await terminate(row!.pid);
        // The drop reaches this client while it is checked out and idle.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return query('SELECT 1');
      });
      await expect(held).rejects.toThrow();
      expect(uncaught).toEqual([]);
      expect(await database.withSession((query) => query<{ one: number }>('SELECT 1 AS one'))).toEqual([
        { one: 1 },
      ]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
