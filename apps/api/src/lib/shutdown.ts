import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

export interface ShutdownOptions {
  app: FastifyInstance;
  database: Database;
  /** After this long the process exits anyway (a stuck connection must not block a deploy). */
  timeoutMs?: number;
  /**
   * How long to keep serving everything while health answers 503 `draining` before closing
   * (SHUTDOWN_DRAIN_MS), so the load balancer stops sending first; the deadline starts after it.
   */
  drainMs?: number;
  exit?: (code: number) => void;
  /** After the database is closed (the embedded database's lock is released here). */
  afterClose?: () => void;
}

/**
 * The signal handler of the server: drain (health answers 503 `draining` for `drainMs` while every
 * request is still served, so the balancer stops sending here), then stop accepting connections, let requests in flight finish
 * (Fastify's close waits for them and answers 503 to new requests on kept-alive connections), run
 * the onClose hooks, then close the database. Long-lived responses such as event streams must end
 * themselves in a `preClose` hook (the SSE hub sends them `close`: browsers reconnect through the
 * balancer to another process). Calling it again while closing returns the same promise.
 */
export function createShutdown({
  app,
  database,
  timeoutMs = 10_000,
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
      try {
        app.startDraining();
        if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
        await app.close();
        await database.close();
        afterClose?.();
        clearTimeout(timer);
        exit(0);
      } catch (error) {
        clearTimeout(timer);
        app.log.error({ err: error }, 'shutdown failed');
        exit(1);
      }
    })();
    return closing;
  };
}
