import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema/rate-limits';

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so that every server process on one database counts
 * the same requests: two processes together allow what one allows. One upsert per counted request
 * increments the counter of (route, address) or starts a new window when the old one has ended.
 *
 * Used when the server runs on PostgreSQL (DATABASE_URL). The embedded database is held by one
 * process (the DATA_DIR lock), where the in-memory store is exact and costs nothing.
 */
export interface RateLimitResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitResult) => void;

/** What @fastify/rate-limit passes to child() at run time: the route's merged limit options. */
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Expired windows are deleted at most this often, by whichever request comes first. */
const PRUNE_EVERY_MS = 60_000;

export function createPgRateLimitStore(db: Db) {
  let lastPrune = Date.now();

  async function increment(key: string, windowMs: number): Promise<RateLimitResult> {
    const result = (await db.execute(sql`
      INSERT INTO rate_limit_counters AS c (key, count, reset_at)
      VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.reset_at <= now() THEN 1 ELSE c.count + 1 END,
        reset_at = CASE WHEN c.reset_at <= now() THEN EXCLUDED.reset_at ELSE c.reset_at END
      RETURNING count, GREATEST(0, ceil(extract(epoch FROM (reset_at - now())) * 1000))::int AS ttl
    `)) as unknown as { rows: { count: number; ttl: number }[] };
    const row = result.rows[0]!;
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      void db
        .delete(rateLimitCounters)
        .where(lt(rateLimitCounters.resetAt, sql`now()`))
        .catch(() => {});
    }
    return { current: Number(row.count), ttl: Number(row.ttl) };
  }

  async function read(key: string): Promise<RateLimitResult> {
    const result = (await db.execute(sql`
      SELECT count, GREATEST(0, ceil(extract(epoch FROM (reset_at - now())) * 1000))::int AS ttl
      FROM rate_limit_counters WHERE key = ${key} AND reset_at > now()
    `)) as unknown as { rows: { count: number; ttl: number }[] };
    const row = result.rows[0];
    return row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
  }

  /** The store class @fastify/rate-limit instantiates; `child` gives each route limit its own keys. */
  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams?: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      increment(`${this.prefix}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback) {
      read(`${this.prefix}|${key}`).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      const { routeInfo, groupId } = options as unknown as RouteOptions;
      const method = Array.isArray(routeInfo?.method) ? routeInfo.method.join(',') : routeInfo?.method;
      return new PgRateLimitStore(undefined, groupId ?? `${method ?? ''} ${routeInfo?.url ?? ''}`);
    }
  }
  return PgRateLimitStore;
}
