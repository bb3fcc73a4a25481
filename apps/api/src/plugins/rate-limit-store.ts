import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema/rate-limits';

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so that every server process on one database counts
 * the same requests: two processes together allow what one allows. An upsert increments the counter
 * of (route, address), or starts a new window when the old one has ended, by a lease of requests this
 * process then serves without asking again (leaseSize).
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
/** Leases of keys not asked for lately are forgotten past this many keys (oldest first). */
const MAX_LEASED_KEYS = 10_000;

/**
 * How many requests one upsert reserves for this process: one for small limits (sign-in, reports:
 * every request counted exactly), more for large ones, so a busy address costs a round trip per
 * lease instead of per request. A reservation counts in the shared row at once, so the processes
 * together never allow more than the limit; an unused rest is lost when the window ends, which can
 * refuse an address at most (processes x (lease - 1)) requests early. Near the limit, one at a time;
 * past it, whole leases again, so that a flood of refused requests does not ask the database each time.
 */
export function leaseSize(max: number, counted: number) {
  if (max < 50) return 1;
  const size = Math.min(16, Math.floor(max / 50));
  return counted < max && max - counted < 4 * size ? 1 : size;
}

interface Lease {
  /** The shared count this process has reserved up to, and how much of it is still unused. */
  counted: number;
  unused: number;
  /** When the window ends (this process's clock, from the ttl PostgreSQL answered). */
  resetAt: number;
}

export function createPgRateLimitStore(db: Db) {
  let lastPrune = Date.now();
  const leases = new Map<string, Lease>();
  /** One upsert in flight per key: requests arriving meanwhile wait for its lease. */
  const pending = new Map<string, Promise<void>>();

  async function reserve(key: string, windowMs: number, amount: number) {
    const result = (await db.execute(sql`
      INSERT INTO rate_limit_counters AS c (key, count, reset_at)
      VALUES (${key}, ${amount}, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.reset_at <= now() THEN EXCLUDED.count ELSE c.count + EXCLUDED.count END,
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
    return { count: Number(row.count), ttl: Number(row.ttl) };
  }

  /** Takes one request from this process's lease of `key`, reserving a new lease when it is spent. */
  async function increment(key: string, windowMs: number, max: number): Promise<RateLimitResult> {
    for (;;) {
      const lease = leases.get(key);
      const now = Date.now();
      if (lease && lease.unused > 0 && lease.resetAt > now) {
        lease.unused -= 1;
        // Refreshed as recently used (a Map iterates oldest first).
        leases.delete(key);
        leases.set(key, lease);
        return { current: lease.counted - lease.unused, ttl: lease.resetAt - now };
      }
      const inFlight = pending.get(key);
      if (inFlight) {
        await inFlight;
        continue;
      }
      const known = lease && lease.resetAt > now ? lease.counted : 0;
      const amount = leaseSize(max, known);
      let settle!: () => void;
      pending.set(key, new Promise<void>((resolve) => (settle = resolve)));
      try {
        const { count, ttl } = await reserve(key, windowMs, amount);
        // Each request gets its own place in the shared count: the reserved places are unique across
        // processes, so at most `max` of them are ever at or below `max`, wherever they are used.
        leases.delete(key);
        leases.set(key, { counted: count, unused: amount - 1, resetAt: Date.now() + ttl });
        if (leases.size > MAX_LEASED_KEYS) leases.delete(leases.keys().next().value!);
        return { current: count - amount + 1, ttl };
      } finally {
        pending.delete(key);
        settle();
      }
    }
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

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      increment(`${this.prefix}|${key}`, timeWindow, max).then(
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
