import { AsyncLocalStorage } from 'node:async_hooks';

const lane = new AsyncLocalStorage<'background'>();

/**
 * Runs `fn` (and every timer and promise it starts) as background work: the job runner, the mail
 * worker, the page warmer, maintenance. On PostgreSQL their queries then take the background pool,
 * so a flood of requests cannot leave them without a connection (docs/operations.md "Database
 * pools and time limits"). A context, not a parameter: job handlers and renderers use app.db.
 */
export function runAsBackground<T>(fn: () => T): T {
  return lane.run('background', fn);
}

export function isBackgroundWork(): boolean {
  return lane.getStore() === 'background';
}

const publicRead = new AsyncLocalStorage<true>();

/**
 * Runs `fn` as a public read (search, a listing, a page, a sitemap: plugins/public-reads.ts): on
 * PostgreSQL its connections come from the public reads' share of the requests' pool
 * (db/connection-pools.ts), so crawlers on a slow listing query cannot take every connection.
 */
export function runAsPublicRead<T>(fn: () => T): T {
  return publicRead.run(true, fn);
}

export function isPublicRead(): boolean {
  return publicRead.getStore() === true;
}

/**
 * One query builder that sends each query to the requests' or the background connection pool,
 * whichever lane the caller runs in. Each property is read from the chosen instance and bound to
 * it, so a transaction or a builder stays on the pool it started on.
 */
export function laneRoutedDb<T extends object>(requests: T, background: T): T {
  return new Proxy(requests, {
    get(_target, property) {
      const target = isBackgroundWork() ? background : requests;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
