import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the process was told to stop: health answers 503 `draining`, everything else is served. */
    readonly draining: boolean;
    /** Starts draining (lib/shutdown.ts, on SIGTERM): the load balancer takes the process out of rotation. */
    startDraining(): void;
  }
}

/**
 * Once the process drains or the app starts closing, every answer tells the client (the load
 * balancer, mostly) to drop the connection. Otherwise a request that finishes during shutdown leaves
 * a kept-alive socket behind, which the balancer may pick for its next request just as the server
 * closes it, and the server waits out the keep-alive timeout before it can close.
 */
async function gracefulClosePlugin(app: FastifyInstance) {
  let draining = false;
  let closing = false;
  app.decorate('draining', {
    getter: () => draining,
  });
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining || closing) reply.header('connection', 'close');
    return payload;
  });
}

export default fp(gracefulClosePlugin, { name: 'graceful-close' });
