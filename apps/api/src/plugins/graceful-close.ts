import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once the app starts closing, every answer still being sent tells the client to drop the
 * connection. Otherwise a request that finishes during shutdown leaves a kept-alive socket behind
 * and the server waits out the keep-alive timeout before it can close.
 */
async function gracefulClosePlugin(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

export default fp(gracefulClosePlugin, { name: 'graceful-close' });
