import pg from 'pg';
import { BoundedSlots } from '../lib/bounded-slots';
import { DatabaseBusyError, PublicReadsBusyError } from '../lib/dependency-errors';
import type { DbLimits } from '../config';
import { RunningStatements } from './running-statements';
import { isPublicRead } from './work-lanes';

/**
 * How long a query may wait for a connection (a new one to a server that does not answer, or a free
 * one of a busy background pool). Unset, node-postgres waits for ever; past it the caller gets an
 * error that lib/dependency-errors.ts turns into 503 with Retry-After.
 */
export const DB_CONNECT_TIMEOUT_MS = 3_000;

export const DB_LIMIT_DEFAULTS: DbLimits = {
  poolSize: 10,
  backgroundPoolSize: 4,
  statementTimeoutMs: 5_000,
  backgroundStatementTimeoutMs: 120_000,
  poolWaitMs: 500,
  poolMaxWaiting: 50,
  publicReadConnections: 7,
};

/**
 * No free connection for a request within DbLimits.poolWaitMs, or too many requests waiting already:
 * the database is overloaded, and a quick 503 with Retry-After (dependency-errors.ts) serves the
 * client better than a 3 s wait that ends the same way and keeps the queue long.
 */
function basePool(url: string, max: number, applicationName: string, statementTimeoutMs: number) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS,
    // Notices a peer gone without a word (a cut network) on idle connections.
    keepAlive: true,
    // Names the pool in pg_stat_activity, for operators (and the overload fault test).
    application_name: applicationName,
    // Startup parameters, so every connection has them from its first statement on.
    ...(statementTimeoutMs > 0
      ? {
          statement_timeout: statementTimeoutMs,
          // A transaction left open (a handler awaiting something else) holds locks: end it too.
          idle_in_transaction_session_timeout: statementTimeoutMs * 2,
        }
      : {}),
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client has no listener of the pool's: one whose connection drops between two
  // statements (a transaction's client when the database restarts or the network is cut) would emit
  // an unhandled 'error' and end the process. Its next query fails on its own, and the pool drops
  // the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return pool;
}

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void;
type Checkout = () => Promise<pg.PoolClient>;

/**
 * Puts `wrap` around pool.connect, in both of its forms: drizzle's queries and its transactions take
 * connections through it (pool.query calls it with a callback).
 */
function wrapCheckout(pool: pg.Pool, wrap: (connect: Checkout) => Checkout) {
  const checkout = wrap(pool.connect.bind(pool) as Checkout);
  pool.connect = ((callback?: ConnectCallback) => {
    if (!callback) return checkout();
    checkout().then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  }) as typeof pool.connect;
}

/**
 * The public reads' share of the pool was full for DbLimits.poolWaitMs, or too many public reads
 * waited for it already: answered 503 with Retry-After like DatabaseBusyError, counted apart.
 */
/**
 * The public reads' share: a connection checked out by a public read first takes a slot of
 * `publicReadConnections`, given back when the connection is. Counted per connection, not per
 * request, as one search runs its page and its count side by side.
 */
function shareForPublicReads(pool: pg.Pool, limits: DbLimits) {
  const slots = new BoundedSlots(
    { limit: limits.publicReadConnections, waitMs: limits.poolWaitMs, maxWaiting: limits.poolMaxWaiting },
    (why) => new PublicReadsBusyError(`the public reads' connections: ${why}`),
  );
  wrapCheckout(pool, (connect) => async () => {
    if (!isPublicRead()) return connect();
    const releaseSlot = await slots.acquire();
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (error) {
      releaseSlot();
      throw error;
    }
    const release = client.release.bind(client);
    client.release = (destroy?: boolean | Error) => {
      releaseSlot();
      return release(destroy);
    };
    return client;
  });
  return slots;
}

/**
 * Load shedding on the requests' pool: when every connection is taken, a request waits at most
 * `poolWaitMs`, and none waits at all once `poolMaxWaiting` are waiting.
 */
function shedWhenBusy(pool: pg.Pool, limits: DbLimits) {
  wrapCheckout(pool, (connect) => (): Promise<pg.PoolClient> => {
    // Room for a new connection: pg-pool opens one, bounded by its connect timeout (a server away).
    if (pool.totalCount < limits.poolSize && pool.idleCount === 0) return connect();
    // Else pg-pool queues the caller, even when a connection looks idle: another caller may take it
    // first, and only pg-pool's 3 s would bound the wait.
    const mustWait = pool.idleCount === 0;
    if (mustWait && pool.waitingCount >= limits.poolMaxWaiting)
      return Promise.reject(
        new DatabaseBusyError(`${pool.waitingCount} queries already wait for a connection`),
      );
    return new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(new DatabaseBusyError(`no free connection within ${limits.poolWaitMs} ms`));
      }, limits.poolWaitMs);
      connect().then(
        (client) => {
          // Given up on already: hand the connection straight to the next in line.
          if (late) return client.release();
          clearTimeout(timer);
          resolve(client);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (!late) reject(error as Error);
        },
      );
    });
  });
}

/**
 * The two pools of one process: requests' (with load shedding and the public reads' share) and
 * background work's, with every
 * checked-out connection known to `running` (a request's to its scope), so that its statements can
 * be cancelled when their request is abandoned or the process shuts down.
 */
export function openPools(url: string, limits: DbLimits) {
  const running = new RunningStatements(url);
  const requests = basePool(url, limits.poolSize, 'safqa-requests', limits.statementTimeoutMs);
  shedWhenBusy(requests, limits);
  wrapCheckout(requests, (connect) => async () => running.track(await connect(), { scoped: true }));
  const publicReads = shareForPublicReads(requests, limits);
  const background = basePool(
    url,
    limits.backgroundPoolSize,
    'safqa-background',
    limits.backgroundStatementTimeoutMs,
  );
  wrapCheckout(background, (connect) => async () => running.track(await connect(), { scoped: false }));
  return { requests, background, running, publicReads };
}
