import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const storage = new AsyncLocalStorage<FastifyRequest>();

/**
 * The request being answered, wherever the code runs on its behalf (a service, a transaction's
 * callback), so the audit log can name who did a thing and from where without every service passing
 * the request down. Undefined outside a request (jobs, scripts, start-up).
 */
export function currentRequest(): FastifyRequest | undefined {
  return storage.getStore();
}

async function requestContextPlugin(app: FastifyInstance) {
  // run() around done(): every later hook, the handler and what they await inherit the store.
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run(request, done);
  });
}

export default fp(requestContextPlugin, { name: 'request-context' });
