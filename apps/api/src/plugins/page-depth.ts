import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { assertPageReachable } from '../lib/paged';

/**
 * API.md "Paged lists": every `page`-paged list refuses a page past the 10,000th row (400
 * PAGE_TOO_DEEP) before its handler queries. One hook rather than a call in each list, so a list
 * added later cannot forget it; it runs after validation, when `page` and `pageSize` are numbers
 * (every paged query schema builds on cappedPageQuery, which defines both).
 */
async function pageDepthPlugin(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const query = request.query as { page?: unknown; pageSize?: unknown } | undefined;
    if (typeof query?.page === 'number' && typeof query.pageSize === 'number') {
      assertPageReachable(query.page, query.pageSize);
    }
  });
}

export default fp(pageDepthPlugin, { name: 'page-depth', dependencies: ['errors'] });
