import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * The connections one piece of work (a request) holds now, so that its statements can be cancelled
 * when nobody waits for their answer any more (the client closed the connection).
 */
export class StatementScope {
  readonly held = new Set<pg.PoolClient>();
  abandoned = false;
}

const scopes = new AsyncLocalStorage<StatementScope>();

/** Runs `fn` (and everything it awaits) in `scope`: its connections are recorded there. */
export function runInStatementScope<T>(scope: StatementScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** A connection's backend process id (node-postgres reads it at connect; not in its types). */
const backendPid = (client: pg.PoolClient) => (client as unknown as { processID: number | null }).processID;

/**
 * Every connection checked out of the pools, by whom, and a way to stop their statements: on a
 * connection of its own, `pg_cancel_backend` (the driver's cancel opens a connection per call, and
 * a pool of requests may have none free). A cancelled statement fails with 57014 like a statement
 * timeout, which dependency-errors.ts answers 503.
 */
export class RunningStatements {
  private readonly checkedOut = new Set<pg.PoolClient>();
  private canceller: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(private readonly url: string) {}

  /**
   * Records a connection just checked out, in the caller's scope if any (`scoped`: the requests'
   * pool), until it is released. One
   * held by abandoned work is destroyed on release rather than pooled: a cancel sent for its last
   * statement must not reach the next request that would take it.
   */
  track(client: pg.PoolClient, { scoped }: { scoped: boolean }): pg.PoolClient {
    // Background work a request started is not the request's: it goes on when the client leaves.
    const scope = scoped ? scopes.getStore() : undefined;
    this.checkedOut.add(client);
    scope?.held.add(client);
    const release = client.release.bind(client);
    client.release = (destroy?: boolean | Error) => {
      this.checkedOut.delete(client);
      scope?.held.delete(client);
      return release(scope?.abandoned ? true : destroy);
    };
    return client;
  }

  /** The scope's work is abandoned: its running statements are cancelled. Returns how many. */
  async abandon(scope: StatementScope): Promise<number> {
    scope.abandoned = true;
    return this.cancel([...scope.held]);
  }

  /** Cancels every statement of the pools (shutdown past its grace). Returns how many. */
  async cancelAll(): Promise<number> {
    return this.cancel([...this.checkedOut]);
  }

  private async cancel(clients: pg.PoolClient[]): Promise<number> {
    const pids = clients.map(backendPid).filter((pid): pid is number => typeof pid === 'number');
    if (!pids.length || this.closed) return 0;
    try {
      const client = await this.connection();
      const result = await client.query<{ n: number }>(
        'SELECT count(*) FILTER (WHERE pg_cancel_backend(pid))::int AS n FROM unnest($1::int[]) AS pid',
        [pids],
      );
      return result.rows[0]?.n ?? 0;
    } catch {
      // The database is away: so are the statements (their statement_timeout still stands).
      return 0;
    }
  }

  private connection(): Promise<pg.Client> {
    if (this.canceller) return this.canceller;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 3_000,
      application_name: 'safqa-cancel',
      statement_timeout: 2_000,
    });
    const opened = client.connect().then(() => client);
    // Lost (a database restart): the next cancel opens a new one.
    const forget = () => {
      if (this.canceller === opened) this.canceller = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    opened.catch(forget);
    this.canceller = opened;
    return opened;
  }

  async close(): Promise<void> {
    this.closed = true;
    const opened = this.canceller;
    this.canceller = undefined;
    await opened?.then((client) => client.end()).catch(() => {});
  }
}
