import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { renderPreviewPng, type PreviewFacts } from './og-image';

/** Images kept in memory (about 60 to 80 KB each). */
const CACHE_ENTRIES = 200;
/** Images drawn at once: a crawler burst waits its turn instead of taking every core. */
const MAX_CONCURRENT_RENDERS = 2;

const params = z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/) });

function facts(o: Awaited<ReturnType<FastifyInstance['opportunities']['publicDetail']>>): PreviewFacts {
  return {
    nameAr: o.nameAr || o.name,
    nameEn: o.name || o.nameAr,
    amount: `SAR ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(Number(o.requiredAmount))}`,
    placeAr: `${o.city.nameAR}، ${o.region.nameAR}`,
    placeEn: `${o.city.nameEN}, ${o.region.nameEN}`,
    businessTypeAr: o.businessType.nameAR,
    businessTypeEn: o.businessType.nameEN,
  };
}

/**
 * GET /og/opportunities/{id}.png (API.md "Pages, previews and crawlers"): the preview image of a public
 * listing, 404 otherwise. Cached by id and last change, so an edit (which also sends the listing back
 * to review) makes a new image; identical requests share one drawing.
 */
async function ogRoutes(app: FastifyInstance) {
  const cache = new Map<string, Promise<Buffer>>();
  let drawing = 0;
  const waiting: Array<() => void> = [];
  const slot = async () => {
    if (drawing >= MAX_CONCURRENT_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve));
    drawing += 1;
  };
  const release = () => {
    drawing -= 1;
    waiting.shift()?.();
  };

  async function draw(preview: PreviewFacts): Promise<Buffer> {
    await slot();
    try {
      return await renderPreviewPng(preview);
    } finally {
      release();
    }
  }

  app.get(
    '/og/opportunities/:id.png',
    { schema: { hide: true }, config: { publicRead: true } },
    async (request, reply) => {
      const parsed = params.safeParse(request.params);
      if (!parsed.success || Number(parsed.data.id) > 2_147_483_647) throw new AppError(404, 'NOT_FOUND');
      const listing = await app.opportunities.publicDetail(Number(parsed.data.id));
      if (listing.status !== 'approved') throw new AppError(404, 'NOT_FOUND');
      const key = `${listing.id}:${listing.updatedAt}`;
      const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=3600')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      let image = cache.get(key);
      if (!image) {
        image = draw(facts(listing));
        cache.set(key, image);
        image.catch(() => cache.delete(key));
        if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      }
      return reply.type('image/png').send(await image);
    },
  );
}

// Encapsulated like a plain plugin (its hooks stay its own); fp only names it and its dependencies.
export default fp(ogRoutes, {
  name: 'og-routes',
  dependencies: ['errors', 'opportunities'],
  encapsulate: true,
});
