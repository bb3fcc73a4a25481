import type { FastifyInstance } from 'fastify';

/** What shutdown needs of the database (db/client.ts's Database): lib sits below db, so it names only this. */
export interface ClosingDatabase {
  /** Cancels this process's statements still running; resolves to how many. */
  cancelRunning(): Promise<number>;
  close(): Promise<void>;
}

export interface ShutdownOptions {
  app: FastifyInstance;
  database: ClosingDatabase;
  /** After this long (after the drain) the process exits anyway: a stuck connection must not block a deploy. */
  timeoutMs?: number;
  /**
   * Requests and background passes may finish their statements for this long after the drain (half
   * the deadline by default); then what still runs is cancelled, so the process closes its
   * connections within its deadline and leaves no statement of its own running in PostgreSQL.
   */
  graceMs?: number;
  /**
   * How long to keep serving everything while health answers 503 `draining` before closing
   * (SHUTDOWN_DRAIN_MS), so the load balancer stops sending first; the deadline starts after it.
   */
  drainMs?: number;
  exit?: (code: number) => void;
  /** After the database is closed (the embedded database's lock is released here). */
  afterClose?: () => void;
}

/** How often statements are cancelled again once the grace is over (a job pass may start another). */
const CANCEL_AGAIN_MS = 500;

/**
 * The signal handler of the server: drain (health answers 503 `draining` for `drainMs` while every
 * request is still served, so the balancer stops sending here), then stop accepting connections, let
 * requests in flight finish (Fastify's close waits for them and answers 503 to new requests on
 * kept-alive connections), run the onClose hooks, then close the database. Statements still running
 * `graceMs` after the drain (a lock held elsewhere, a slow query) are cancelled: their requests answer
 * 503 and the loops stop. Long-lived responses such as event streams must end themselves in a
 * `preClose` hook (the SSE hub sends them `close`: browsers reconnect through the balancer to another
 * process). Calling it again while closing returns the same promise.
 */
export function createShutdown({
  app,
  database,
  timeoutMs = 10_000,
  graceMs = timeoutMs / 2,
  drainMs = 0,
  exit = process.exit,
  afterClose,
}: ShutdownOptions) {
  let closing: Promise<void> | undefined;
  return (signal: string): Promise<void> => {
    closing ??= (async () => {
      app.log.info({ signal, drainMs }, 'shutting down');
      const timer = setTimeout(() => {
        app.log.error({ timeoutMs, drainMs }, 'shutdown timed out');
        exit(1);
      }, drainMs + timeoutMs).unref();
      let canceller: NodeJS.Timeout | undefined;
      const grace = setTimeout(() => {
        const cancel = () =>
          void database.cancelRunning().then((count) => {
            if (count)
              app.log.warn({ cancelled: count }, 'shutdown: statements still running were cancelled');
          });
        cancel();
        canceller = setInterval(cancel, CANCEL_AGAIN_MS).unref();
      }, drainMs + graceMs).unref();
      const stopCancelling = () => {
        clearTimeout(grace);
        clearInterval(canceller);
      };
      try {
        app.startDraining();
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
        await app.close();
        await database.close();
        stopCancelling();
        afterClose?.();
        clearTimeout(timer);
        exit(0);
      } catch (error) {
        stopCancelling();
        clearTimeout(timer);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      }
    })();
    return closing;
  };
}
