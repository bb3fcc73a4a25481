import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createPgRateLimitStore } from './rate-limit-store';
import { perIp } from '../lib/rate-limit';
import { proxyTrustOf } from '../lib/trusted-proxies';
import { AppError } from '../lib/app-error';
import { INTERNAL_REQUEST_HEADER } from '../web/page-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Proves a request comes from this process (the page renderer's in-process API calls). */
    internalRequestSecret: string;
  }
}

/** Requests per IP and minute for any route without its own limit. */
export const GLOBAL_LIMIT_PER_MINUTE = 300;

/**
 * Static files are cheap and a single page view fetches many; they never count against the API budget.
 * Decided on the route that serves the request (a file of the build, /uploads/*), not the raw URL:
 * a page is counted whatever its address looks like (`/assets/../faq` is refused 403 by the assets'
 * route, without rendering the page).
 */
function isStaticFile(request: FastifyRequest) {
  const route = request.routeOptions.url;
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    route !== undefined &&
    (route.startsWith('/assets/') || route.startsWith('/uploads/'))
  );
}

/**
 * The load balancer's own health checks (no X-Forwarded-For, so request.ip is the proxy itself): a
 * check every second from each balancer to each process would otherwise use up the proxy address's
 * budget, and a 429 would take every process out of rotation at once.
 */
function isProxyHealthCheck(request: FastifyRequest, trusted: (address: string) => boolean) {
  return request.routeOptions.url === '/api/health' && trusted(request.ip);
}

/**
 * Per-IP limits: counted in Redis when REDIS_URL is set, else in PostgreSQL when the server runs on
 * one (either way any number of processes share them), else in memory on the embedded database (one
 * process by the DATA_DIR lock). Routes override the default with
 * `config: { rateLimit: perIp(app.config, max, window) }`. A limited request is thrown as an AppError,
 * so it is answered by our error handler: 429 RATE_LIMITED in the request language, with Retry-After.
 */
async function rateLimitsPlugin(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
) {
  const global = perIp(config, GLOBAL_LIMIT_PER_MINUTE, 60_000);
  const trustedProxy = proxyTrustOf(config);
  // Redis, when configured: a short connect timeout and no offline queue, so a Redis that is down
  // makes the limit skip (skipOnError) rather than hold every request.
  const redis =
    config.rateLimitStore === 'redis' && config.redisUrl
      ? new Redis(config.redisUrl, {
          connectTimeout: 1_000,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
        })
      : null;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // Without an offline queue, a request that comes before the connection is up skips the limit:
    // wait for it (a Redis that does not answer costs the start at most the connect timeout), so a
    // process counts from its first request (a loaded machine connected late and let 5 of 3 through).
    await new Promise<void>((resolve) => {
      if (redis.status === 'ready') return resolve();
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, 1_000);
      redis.once('ready', done);
      redis.once('error', done);
    });
  }
  const internalSecret = randomBytes(24).toString('base64url');
  app.decorate('internalRequestSecret', internalSecret);
  // The page itself counted once; the API calls the server makes to render it are not the visitor's.
  const isInternal = (request: FastifyRequest) => request.headers[INTERNAL_REQUEST_HEADER] === internalSecret;
  await app.register(rateLimit, {
    global: true,
    ...(config.rateLimitStore === 'database' ? { store: createPgRateLimitStore(database.db) } : {}),
    ...(redis ? { redis, nameSpace: config.redisNamespace } : {}),
    // A database that does not answer must not turn every request into a 500: the route decides.
    skipOnError: true,
    max: global.max,
    timeWindow: global.timeWindow,
    allowList: (request) =>
      isStaticFile(request) || isInternal(request) || isProxyHealthCheck(request, trustedProxy),
    // A server listening on a Unix socket (behind a local proxy, or in tests) has no client IP: the
    // default key generator would throw and every request would fail with 500.
    keyGenerator: (request) => request.ip ?? 'unix-socket',
    errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED'),
  });
}

export default fp(rateLimitsPlugin, { name: 'rate-limits' });
