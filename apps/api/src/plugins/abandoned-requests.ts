import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runInStatementScope, StatementScope } from '../db/running-statements';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client closed its connection before the answer was sent; its statements were cancelled. */
    clientLeft: boolean;
  }
  interface FastifyInstance {
    /** Requests whose client left while their statements ran, and how many statements were cancelled, by route. */
    abandonedRequests: { cancelledStatements(): ReadonlyMap<string, number> };
  }
}

/**
 * A client that closes the connection (a closed tab, a proxy or a crawler giving up) no longer waits
 * for the answer: its running statements are cancelled in PostgreSQL at once rather than left to
 * run until statement_timeout, holding a connection and the locks others wait for.
 */
async function abandonedRequestsPlugin(app: FastifyInstance) {
  const cancelled = new Map<string, number>();
  app.decorateRequest('clientLeft', false);

  app.addHook('onRequest', (request, reply, done) => {
    const scope = new StatementScope();
    reply.raw.once('close', () => {
      // 'close' also follows a complete answer; only one cut short is abandoned work.
      if (reply.raw.writableFinished) return;
      request.clientLeft = true;
      void app.database.abandon(scope).then((count) => {
        if (count === 0) return;
        const route = request.routeOptions.url ?? 'unmatched';
        cancelled.set(route, (cancelled.get(route) ?? 0) + count);
        request.log.info({ cancelled: count }, 'client left: its statements were cancelled');
      });
    });
    // run() around done(): every later hook, the handler and what they await are in the scope.
    runInStatementScope(scope, done);
  });

  app.decorate('abandonedRequests', { cancelledStatements: () => cancelled });
}

export default fp(abandonedRequestsPlugin, { name: 'abandoned-requests', dependencies: ['database'] });
