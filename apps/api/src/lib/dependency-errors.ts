import { StorageUnavailableError } from '../storage/storage';

/** db/connection-pools.ts throws these; they live here, below db, so this file need not import it. */
export class DatabaseBusyError extends Error {
  readonly code = 'DB_POOL_BUSY';
}

export class PublicReadsBusyError extends Error {
  readonly code = 'PUBLIC_READS_BUSY';
}

/**
 * What a failing dependency looks like, decided in one place: the error handler (errors.ts) answers
 * these 503 SERVICE_UNAVAILABLE (507 INSUFFICIENT_STORAGE for a full disk) with Retry-After instead
 * of 500 INTERNAL, counts them for /metrics and keeps them out of the admin error log: they are
 * "try again in a moment", not bugs.
 */
export type Dependency = 'db' | 'disk' | 'storage';
export const DEPENDENCIES: readonly Dependency[] = ['db', 'disk', 'storage'];

/**
 * Why the database refused, when it is overload rather than absence: a statement cut by its time
 * limit, no free connection soon enough (db/connection-pools.ts), every slot of an expensive list
 * taken (plugins/expensive-lists.ts), or the public reads' share of the pool full
 * (plugins/public-reads.ts). Counted per route in /metrics.
 */
export type OverloadReason = 'statement_timeout' | 'pool_busy' | 'list_busy' | 'reads_busy';

/** Every slot of an expensive list is taken: refused at once rather than queued for a connection. */
export class ExpensiveListBusyError extends Error {
  readonly code = 'EXPENSIVE_LIST_BUSY';
}

export interface DependencyFailure {
  dependency: Dependency;
  status: 503 | 507;
  overload?: OverloadReason;
}

/** Seconds a client is asked to wait before trying again: long enough for a restart or a failover to finish. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a database connection (refused, reset, unreachable, timed out). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is away or cannot take us now: class 08 (connection
 * exception), 57P01-57P03 (terminated by an administrator, crash, starting up), 53300 (too many
 * connections), 53200 (out of memory).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|53200)$/;
/**
 * 55000 (object not in prerequisite state) is also a bug's code (currval before nextval...): only the
 * refusal at connect counts, a database closed to connections (`ALLOW_CONNECTIONS false`: a failover
 * or a maintenance window).
 */
const NOT_ACCEPTING_CONNECTIONS = /is not currently accepting connections/;
/** disk_full: PostgreSQL or the embedded database could not extend a file ("could not extend file"). */
const DISK_FULL_SQLSTATE = '53100';
/**
 * query_canceled: statement_timeout cut it (a lock held elsewhere, a database too slow now), or an
 * operator cancelled it. 25P03: the session was ended for idling in a transaction.
 */
const CANCELED_SQLSTATE = '57014';
const IDLE_IN_TRANSACTION_SQLSTATE = '25P03';
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

/** Messages of node-postgres and its pool that carry no code. */
const CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

function classifyOne(error: Error): DependencyFailure | null {
  if (error instanceof StorageUnavailableError) return { dependency: 'storage', status: 503 };
  if (error instanceof DatabaseBusyError) return { dependency: 'db', status: 503, overload: 'pool_busy' };
  if (error instanceof ExpensiveListBusyError)
    return { dependency: 'db', status: 503, overload: 'list_busy' };
  if (error instanceof PublicReadsBusyError) return { dependency: 'db', status: 503, overload: 'reads_busy' };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code === CANCELED_SQLSTATE) return { dependency: 'db', status: 503, overload: 'statement_timeout' };
    if (code === IDLE_IN_TRANSACTION_SQLSTATE) return { dependency: 'db', status: 503 };
    if (code === DISK_FULL_SQLSTATE || NO_SPACE.has(code)) return { dependency: 'disk', status: 507 };
    if (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code)) return { dependency: 'db', status: 503 };
    if (code === '55000' && NOT_ACCEPTING_CONNECTIONS.test(error.message))
      return { dependency: 'db', status: 503 };
  }
  if (CONNECTION_MESSAGES.test(error.message)) return { dependency: 'db', status: 503 };
  return null;
}

/**
 * The dependency behind `error`, or null for anything else (a bug: 500). Drizzle wraps driver errors
 * (DrizzleQueryError), and some are aggregated (a host with several addresses), so causes are read too.
 */
export function classifyDependencyError(error: unknown): DependencyFailure | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const next = queue.shift();
    if (!(next instanceof Error) || seen.has(next)) continue;
    seen.add(next);
    const failure = classifyOne(next);
    if (failure) return failure;
    queue.push(next.cause);
    if (next instanceof AggregateError) queue.push(...(next.errors as unknown[]));
  }
  return null;
}
