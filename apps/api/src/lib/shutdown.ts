import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

export interface ShutdownOptions {
  app: FastifyInstance;
  database: Database;
  /** After this long the process exits anyway (a stuck connection must not block a deploy). */
  timeoutMs?: number;
  exit?: (code: number) => void;
  /** After the database is closed (the embedded database's lock is released here). */
  afterClose?: () => void;
}

/**
 * The signal handler of the server: stop accepting connections, let requests in flight finish
 * (Fastify's close waits for them and answers 503 to new requests on kept-alive connections), run
 * the onClose hooks, then close the database. Long-lived responses such as event streams must end
 * themselves in a `preClose` hook. Calling it again while closing returns the same promise.
 */
export function createShutdown({
  app,
  database,
  timeoutMs = 10_000,
  exit = process.exit,
  afterClose,
}: ShutdownOptions) {
  let closing: Promise<void> | undefined;
  return (signal: string): Promise<void> => {
    closing ??= (async () => {
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => {
        app.log.error({ timeoutMs }, 'shutdown timed out');
        exit(1);
      }, timeoutMs).unref();
      try {
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
