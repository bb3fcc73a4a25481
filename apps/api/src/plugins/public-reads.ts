import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { runAsPublicRead } from '../db/work-lanes';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read that anyone (a crawler too) may send without pause: search, a listing, a page,
     * a sitemap. Together they hold at most DB_PUBLIC_READ_CONNECTIONS of the requests' connections.
     */
    publicRead?: boolean;
  }
}

/**
 * Runs the handlers of routes marked `publicRead` as public reads (db/work-lanes.ts), whose
 * connections come from their share of the requests' pool (db/connection-pools.ts). When a hot table
 * is locked (a maintenance statement, a migration) or a listing query turns slow, crawlers and
 * visitors on the listings would otherwise take every connection, and sign-ins, chats and health
 * would wait behind them. With the share full, a public read waits at most DB_POOL_WAIT_MS (a burst
 * passes), then answers 503 with Retry-After, counted as `reads_busy` in /metrics.
 *
 * The handler only: authentication and the rate limits before it take connections of their own kind.
 */
async function publicReadsPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.publicRead) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function publicReadHandler(request, reply) {
      return runAsPublicRead(() => handler.call(this, request, reply));
    };
  });
}

export default fp(publicReadsPlugin, { name: 'public-reads' });
