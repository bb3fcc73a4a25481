import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { ExpensiveListBusyError } from '../lib/dependency-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An expensive list (admin searches, a busy user's chats): at most
     * DB_EXPENSIVE_LIST_CONCURRENCY of this route run at once in this process (docs/operations.md).
     */
    expensiveList?: boolean;
  }
  interface FastifyInstance {
    /** The route patterns marked `expensiveList`, and how many of each run now. */
    expensiveLists: { running(): ReadonlyMap<string, number> };
  }
}

/**
 * Each expensive list gets slots of its own, so one slow kind (a search a missing index made slow, a
 * crawler on one list) cannot take every database connection: with its slots full, the next request
 * of that kind is refused at once (503 with Retry-After, counted as `list_busy` in /metrics) while
 * cheap requests and other kinds go on. The slot is taken by the handler, after authentication and
 * validation, so a caller who may not see the list cannot fill its slots.
 */
async function expensiveListsPlugin(app: FastifyInstance) {
  const limit = app.config.expensiveListConcurrency;
  const running = new Map<string, number>();

  app.addHook('onRoute', (route) => {
    if (!route.config?.expensiveList) return;
    const kind = route.url;
    const handler = route.handler as RouteHandlerMethod;
    running.set(kind, 0);
    route.handler = async function gatedHandler(request, reply) {
      const now = running.get(kind) ?? 0;
      if (now >= limit) throw new ExpensiveListBusyError(`${now} of ${kind} running already`);
      running.set(kind, now + 1);
      try {
        return await handler.call(this, request, reply);
      } finally {
        running.set(kind, (running.get(kind) ?? 1) - 1);
      }
    };
  });

  app.decorate('expensiveLists', { running: () => running });
}

export default fp(expensiveListsPlugin, { name: 'expensive-lists', dependencies: ['database'] });
