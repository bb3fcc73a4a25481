import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Both drivers expose the same query builder; code is written against this common type. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Listener for PostgreSQL NOTIFY, the same on both drivers (used by the chat fan-out). */
export type Unlisten = () => Promise<void>;
export type SessionQuery = <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed), for migrations and maintenance. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` on one dedicated connection (session-level locks, multi-step transactions in raw SQL). */
  withSession<T>(fn: (query: SessionQuery) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; unset means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? 'memory://');
}

async function openPglite(dir: string): Promise<Database> {
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  return wrapPglite(await PGlite.create(dir, { extensions: { pg_trgm } }));
}

/** Wraps an open PGlite instance (tests load one from a migrated template). */
export function wrapPglite(client: PGlite): Database & { pglite: PGlite } {
  const db = drizzlePglite(client) as unknown as Db;
  return {
    pglite: client,
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    withSession: async (fn) =>
      fn(async <R>(sql: string, params?: unknown[]) => {
        if (params?.length) return (await client.query<R>(sql, params)).rows;
        const results = await client.exec(sql);
        return (results.at(-1)?.rows ?? []) as R[];
      }),
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    withSession: async (fn) => {
      const conn = await pool.connect();
      try {
        return await fn(async <R>(sql: string, params?: unknown[]) => {
          const result = await conn.query(sql, params);
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as R[];
        });
      } finally {
        conn.release();
      }
    },
    listen: async (channel, onPayload) => {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => {});
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}
