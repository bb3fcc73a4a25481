import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Language, OpportunityStatus } from '@safqa/shared/constants';
import { errorBody } from '@safqa/shared/validation/common';
import { opportunityIdParams } from '@safqa/shared/validation/opportunities';
import { z } from 'zod';
import { LRUCache } from 'lru-cache';
import {
  CachedBody,
  ifNoneMatchHits,
  SHARED_MAX_AGE_SECONDS,
  STALE_WHILE_REVALIDATE_SECONDS,
} from '../../../lib/http-cache';
import { AppError } from '../../../lib/app-error';
import { fileBody } from '../../../plugins/openapi';
import { attachmentDisposition } from '../../uploads/signed-url';
import { createOpportunitiesRepository } from '../repository';
import { canSee, isPublic, type Caller } from '../service';
import { renderTeaser, type TeaserData } from './teaser-pdf';

/** Teasers kept per process (one is 40-120 KB). */
const MAX_CACHED_BYTES = 32 * 1024 * 1024;
/** Browsers keep a public teaser 5 minutes; shared caches a minute, then serve it stale while asking. */
const TEASER_PUBLIC = `public, max-age=300, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

interface CachedTeaser {
  body: CachedBody;
  /** Who may have it is decided on every request from these (kept current by the version). */
  status: OpportunityStatus;
  ownerSuspended: boolean;
  submittedBy: number;
  /** The download's name in each language (Content-Disposition follows Accept-Language). */
  fileNames: Record<Language, string>;
  version: string;
}

/** A file name from the English name: letters, digits and dashes (also every name's ASCII fallback). */
export function teaserFileName(nameEn: string, id: number): string {
  const slug = nameEn
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `safqa-${slug || 'opportunity'}-${id}.pdf`;
}

/**
 * The Arabic download name: the brand and the Arabic name as written, words joined by dashes, without
 * the characters file systems refuse; an Arabic reader's download list shows the name they know.
 */
export function teaserFileNameAr(nameAr: string, id: number): string {
  const words = nameAr
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}/\\:*?"<>|%;]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let stem = '';
  for (const word of words) {
    if (`${stem}-${word}`.length > 60) break;
    stem = stem ? `${stem}-${word}` : word;
  }
  return `صفقة-${stem || 'فرصة'}-${id}.pdf`;
}

/**
 * GET /api/opportunities/{id}/teaser.pdf: the one-page bilingual teaser for sharing. Anyone who may
 * see the listing may download it; it carries only public facts, so it can be passed on freely.
 * Not counted as a view (the page that offers it already was). Rendered once per listing version
 * (it is bilingual, so one per listing) and kept: ETag and 304, and shared caches may keep a public
 * listing's teaser for a minute; a hidden listing's is `private, no-store` (docs/operations.md).
 */
const teaserRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createOpportunitiesRepository(app.db);
  // Rendering one costs a few hundred ms of CPU: each is made once per listing version (its own
  // changes and lookups', announced by NOTIFY from every process) and kept here; hits cost no query.
  const teasers = new LRUCache<number, CachedTeaser>({
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (teaser) => teaser.body.size + 256,
  });
  const inflight = new Map<string, Promise<CachedTeaser | null>>();

  async function renderFor(id: number, version: string): Promise<CachedTeaser | null> {
    const row = await repo.findDetail(id);
    if (!row) return null;
    const o = row.o;
    const data: TeaserData = {
      nameAr: o.nameAr,
      nameEn: o.name,
      descriptionAr: o.descriptionAr,
      descriptionEn: o.description,
      type: o.type,
      businessType: { ar: row.businessType.nameAr, en: row.businessType.nameEn },
      city: { ar: row.city.nameAr, en: row.city.nameEn },
      region: { ar: row.region.nameAr, en: row.region.nameEn },
      offeredPercentage: o.offeredPercentage,
      requiredAmount: o.requiredAmount,
      negotiable: o.negotiable,
      isVerified: o.isVerified,
      facilityFoundationDay: o.facilityFoundationDay,
      facilitySize: o.facilitySize,
      employeesCount: o.employeesCount,
      branchesCount: o.branchesCount,
    };
    const pdf = await renderTeaser(data, { url: `${app.config.publicUrl}/opportunities/${o.id}` });
    const teaser: CachedTeaser = {
      body: new CachedBody(pdf, false),
      status: o.status,
      ownerSuspended: o.ownerSuspended,
      submittedBy: o.submittedBy,
      fileNames: { ar: teaserFileNameAr(o.nameAr, o.id), en: teaserFileName(o.name, o.id) },
      version,
    };
    // A render that began before a change is answered but not kept.
    if (app.contentVersions.ofListing(id) === version) teasers.set(id, teaser);
    return teaser;
  }

  /** The teaser of `id` at its current version; null when there is no such listing. */
  async function teaserOf(id: number, caller: Caller): Promise<CachedTeaser | null> {
    const version = app.contentVersions.ofListing(id);
    const hit = teasers.get(id);
    if (hit?.version === version) return hit;
    // Nothing is rendered for whoever may not see the listing (a hidden listing costs one query).
    const row = await repo.findById(id);
    if (!row || !canSee(row, caller)) return null;
    const flight = `${id}|${version}`;
    let pending = inflight.get(flight);
    if (!pending) {
      pending = renderFor(id, version).finally(() => inflight.delete(flight));
      inflight.set(flight, pending);
    }
    return pending;
  }

  app.get(
    '/api/opportunities/:id/teaser.pdf',
    {
      schema: {
        tags: ['opportunities'],
        summary: 'One-page bilingual PDF teaser (public facts only)',
        params: opportunityIdParams,
        produces: ['application/pdf'],
        response: { 200: fileBody, 304: z.void(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const teaser = await teaserOf(request.params.id, request.user);
      if (!teaser || !canSee(teaser, request.user)) throw new AppError(404, 'NOT_FOUND');
      const { body, etag } = teaser.body.representation(undefined);
      reply
        .header('etag', etag)
        // Only a public listing's teaser may be kept by shared caches; the rest is its owner's.
        .header('cache-control', isPublic(teaser) ? TEASER_PUBLIC : 'private, no-store')
        // The body is the same in both languages, the download's name is not.
        .header('vary', 'Accept-Language')
        .header('x-content-type-options', 'nosniff');
      if (ifNoneMatchHits(request.headers['if-none-match'], teaser.body.etags)) {
        return reply.status(304).send();
      }
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          attachmentDisposition(teaser.fileNames[request.lang], teaser.fileNames.en),
        )
        .send(body);
    },
  );
};

export default teaserRoutes;
