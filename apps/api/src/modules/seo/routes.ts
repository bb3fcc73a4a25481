import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CachedBody, ifNoneMatchHits } from '../../lib/http-cache';
import { AppError } from '../../lib/app-error';
import {
  PUBLIC_PAGES,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  urlset,
  type SitemapEntry,
} from './sitemap';

/** How long a built sitemap may be served before it is built again (other processes' changes). */
const SITEMAP_TTL_MS = 10 * 60_000;

/**
 * robots.txt and the sitemap (API.md "Pages, previews and crawlers"). The sitemap lists the public
 * pages and every approved listing; it is rebuilt as soon as this process sees what is public change
 * (moderation, edit, delete) and at least every 10 minutes for changes made by other processes.
 */
/** URLs per sitemap file; a test lowers it to prove the split without 50,000 listings. */
export const sitemapLimits = { maxUrls: SITEMAP_MAX_URLS };

async function seoRoutes(app: FastifyInstance) {
  const publicUrl = app.config.publicUrl;
  /**
   * Built files as CachedBody: a 50,000-URL file is about 20 MB of XML, and compressing it again for
   * every crawler cost ~270 ms of CPU; now each encoding is made once per build of the file, and a
   * crawler that sends the ETag back gets a 304. One build at a time per file: concurrent crawlers
   * share the promise.
   */
  const cache = new Map<string, { body: Promise<CachedBody | null>; at: number }>();
  app.opportunities.onPublicChange(() => cache.clear());

  function cached(key: string, build: () => Promise<string | null>): Promise<CachedBody | null> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < SITEMAP_TTL_MS) return hit.body;
    const body = build().then((xml) => (xml === null ? null : new CachedBody(Buffer.from(xml), true)));
    const entry = { body, at: Date.now() };
    cache.set(key, entry);
    // A failed build is not kept: the next request tries again.
    body.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return body;
  }

  function send(request: FastifyRequest, reply: FastifyReply, cachedBody: CachedBody) {
    const { body, encoding, etag } = cachedBody.representation(request.headers['accept-encoding']);
    reply.headers(xml).header('vary', 'accept-encoding').header('etag', etag);
    if (ifNoneMatchHits(request.headers['if-none-match'], cachedBody.etags)) return reply.status(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  /** File `n` (1-based) of the split sitemap: the public pages open file 1, then listings by id. */
  async function sitemapFile(n: number, total: number): Promise<string> {
    const pages: SitemapEntry[] = n === 1 ? PUBLIC_PAGES.map((path) => ({ path })) : [];
    const { maxUrls } = sitemapLimits;
    const offset = n === 1 ? 0 : (n - 1) * maxUrls - PUBLIC_PAGES.length;
    const limit = maxUrls - pages.length;
    const listings = total > 0 ? await app.opportunities.publicEntries(offset, limit) : [];
    return urlset(publicUrl, [
      ...pages,
      ...listings.map((row) => ({ path: `/opportunities/${row.id}`, lastModified: row.updatedAt })),
    ]);
  }

  const files = (listings: number) =>
    Math.max(1, Math.ceil((listings + PUBLIC_PAGES.length) / sitemapLimits.maxUrls));
  const xml = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' };

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );

  app.get(
    '/sitemap.xml',
    { schema: { hide: true }, config: { publicRead: true } },
    async (request, reply) => {
      const body = await cached('index', async () => {
        const total = await app.opportunities.publicCount();
        const count = files(total);
        return count === 1 ? sitemapFile(1, total) : sitemapIndex(publicUrl, count);
      });
      return send(request, reply, body!);
    },
  );

  const fileParams = z.object({ n: z.string().regex(/^[1-9][0-9]{0,5}$/) });
  app.get(
    '/sitemap-:n.xml',
    { schema: { hide: true }, config: { publicRead: true } },
    async (request, reply) => {
      const parsed = fileParams.safeParse(request.params);
      if (!parsed.success) throw new AppError(404, 'NOT_FOUND');
      const n = Number(parsed.data.n);
      const body = await cached(`file-${n}`, async () => {
        const total = await app.opportunities.publicCount();
        return n > files(total) || files(total) === 1 ? null : sitemapFile(n, total);
      });
      if (body === null) throw new AppError(404, 'NOT_FOUND');
      return send(request, reply, body);
    },
  );
}

// Encapsulated like a plain plugin (its hooks stay its own); fp only names it and its dependencies.
export default fp(seoRoutes, { name: 'seo', dependencies: ['errors', 'opportunities'], encapsulate: true });
