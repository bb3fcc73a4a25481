import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { withPreparedSelects } from './pglite-prepared';
import type { DbLimits } from '../config';
import { DB_CONNECT_TIMEOUT_MS, DB_LIMIT_DEFAULTS, openPools } from './connection-pools';
import { isBackgroundWork, laneRoutedDb } from './work-lanes';
import type { StatementScope } from './running-statements';

/** Both drivers expose the same query builder; code is written against this common type. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** Listener for PostgreSQL NOTIFY, the same on both drivers (used by the chat fan-out). */
export type Unlisten = () => Promise<void>;
export type SessionQuery = <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;

/** The live-update listener: `ok`, or `reconnecting` while its connection is being re-opened. */
export type ListenerState = 'ok' | 'reconnecting';

export interface ListenerEvents {
  /** The listener lost its connection (notifications are missed until it is back). */
  onDown?: (error: unknown) => void;
  /** The listener is back after a loss: whatever was announced meanwhile was missed. */
  onUp?: (downForMs: number) => void;
}

/** `public_reads` is the public reads' share of the requests' pool (total: connections held by them). */
export type PoolName = 'requests' | 'background' | 'public_reads';
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed), for migrations and maintenance. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` on one dedicated connection (session-level locks, multi-step transactions in raw SQL):
   * a connection of the background pool, as this is maintenance (migrations).
   */
  withSession<T>(fn: (query: SessionQuery) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
  /** Where the listener stands (PGlite's is in-process and always `ok`). */
  listenerState(): ListenerState;
  /** Tells the caller when the listener goes down and comes back (the SSE hub, the page cache). */
  watchListener(events: ListenerEvents): void;
  /**
   * Connections of the PostgreSQL pools, requests' and background work's (null for PGlite, which has
   * one in-process connection).
   */
  poolStats(): Record<PoolName, PoolStats> | null;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Cancels the running statements of work nobody waits for any more (a request whose client left),
   * and keeps its connections out of the pool. Returns how many were cancelled (0 on PGlite, whose
   * in-process statements cannot be cancelled).
   */
  abandon(scope: StatementScope): Promise<number>;
  /** Cancels every running statement of this process's pools (shutdown past its grace). */
  cancelRunning(): Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; unset means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Sizes and time limits of the PostgreSQL pools (defaults: DB_LIMIT_DEFAULTS). */
  limits?: Partial<DbLimits>;
  /** Shorthand for limits.poolSize (tests). */
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const limits = { ...DB_LIMIT_DEFAULTS, ...options.limits };
    if (options.poolSize) limits.poolSize = options.poolSize;
    return openPostgres(options.url, limits);
  }
  return openPglite(options.pgliteDir ?? 'memory://');
}

async function openPglite(dir: string): Promise<Database> {
  if (!dir.startsWith('memory://')) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  return wrapPglite(await PGlite.create(dir, { extensions: { pg_trgm } }));
}

/** Wraps an open PGlite instance (tests load one from a migrated template). */
export function wrapPglite(client: PGlite): Database & { pglite: PGlite } {
  // The app's queries go through prepared selects; raw SQL (exec, withSession, notify) as it is.
  const db = drizzlePglite(withPreparedSelects(client)) as unknown as Db;
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
    listenerState: () => 'ok',
    watchListener: () => {},
    poolStats: () => null,
    abandon: async () => 0,
    cancelRunning: async () => 0,
    close: async () => {
      await client.close();
    },
  };
}

/** Back-off of the listener's reconnects: 250 ms doubling up to 5 s, each randomly shortened by up to half. */
const LISTENER_RETRY_BASE_MS = 250;
const LISTENER_RETRY_MAX_MS = 5_000;

async function openPostgres(url: string, limits: DbLimits): Promise<Database> {
  const pools = openPools(url, limits);
  // Background work (db/work-lanes.ts) queries through its own pool, so requests cannot starve it.
  const db = laneRoutedDb(
    drizzlePg(pools.requests) as unknown as Db,
    drizzlePg(pools.background) as unknown as Db,
  );
  const poolOfCaller = () => (isBackgroundWork() ? pools.background : pools.requests);
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let state: ListenerState = 'ok';
  const watchers: ListenerEvents[] = [];
  let closed = false;
  let downSince = 0;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  /**
   * The LISTEN connection, re-opened with capped, jittered back-off whenever it errors or ends
   * (database restart, pg_terminate_backend, network loss), then LISTENing again on every channel.
   */
  async function connectListener(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
      application_name: 'safqa-listen',
    });
    listener = client;
    const lost = (error: unknown) => {
      if (listener !== client || closed) return;
      listener = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (state === 'ok') {
        state = 'reconnecting';
        downSince = Date.now();
        for (const events of watchers) events.onDown?.(error);
      }
      scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('listener connection ended')));
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // The first connection at start-up fails loudly; later ones keep trying.
      if (state === 'ok' && failures === 0 && downSince === 0) {
        listener = undefined;
        await client.end().catch(() => {});
        throw error;
      }
      lost(error);
      return;
    }
    failures = 0;
    if (state === 'reconnecting') {
      state = 'ok';
      const downForMs = Date.now() - downSince;
      for (const events of watchers) events.onUp?.(downForMs);
    }
  }

  function scheduleRetry() {
    if (closed || retryTimer) return;
    failures += 1;
    const delay =
      Math.min(LISTENER_RETRY_MAX_MS, LISTENER_RETRY_BASE_MS * 2 ** (failures - 1)) *
      (0.5 + Math.random() / 2);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connectListener().catch(() => scheduleRetry());
    }, delay);
    retryTimer.unref();
  }

  return {
    db,
    kind: 'postgres',
    exec: async (sql) => {
      await poolOfCaller().query(sql);
    },
    withSession: async (fn) => {
      const conn = await pools.background.connect();
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
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        if (listener && state === 'ok') await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      if (!listener) await connectListener();
      return async () => {
        set.delete(onPayload);
      };
    },
    listenerState: () => state,
    poolStats: () => {
      const stats = (pool: pg.Pool) => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      });
      return {
        requests: stats(pools.requests),
        background: stats(pools.background),
        public_reads: {
          total: pools.publicReads.running,
          idle: limits.publicReadConnections - pools.publicReads.running,
          waiting: pools.publicReads.waiting,
        },
      };
    },
    watchListener: (next) => {
      watchers.push(next);
    },
    notify: async (channel, payload) => {
      await poolOfCaller().query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    abandon: (scope) => pools.running.abandon(scope),
    cancelRunning: () => pools.running.cancelAll(),
    close: async () => {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await listener?.end().catch(() => {});
      await Promise.all([pools.requests.end(), pools.background.end()]);
      await pools.running.close();
    },
  };
}
