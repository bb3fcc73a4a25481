import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opportunityIdParams } from '@safqa/shared/validation/opportunities';
import { AppError } from '../../../plugins/errors';
import { attachmentDisposition } from '../../uploads/signed-url';
import { createOpportunitiesRepository } from '../repository';
import { canSee } from '../service';
import { renderTeaser, type TeaserData } from './teaser-pdf';

/** A file name from the English name: letters, digits and dashes. */
export function teaserFileName(nameEn: string, id: number): string {
  const slug = nameEn
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `safqa-${slug || 'opportunity'}-${id}.pdf`;
}

/**
 * GET /api/opportunities/{id}/teaser.pdf: the one-page bilingual teaser for sharing. Anyone who may
 * see the listing may download it; it carries only public facts, so it can be passed on freely.
 * Not counted as a view (the page that offers it already was).
 */
const teaserRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createOpportunitiesRepository(app.db);
  app.get(
    '/api/opportunities/:id/teaser.pdf',
    {
      schema: {
        tags: ['opportunities'],
        summary: 'One-page bilingual PDF teaser (public facts only)',
        params: opportunityIdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const row = await repo.findDetail(request.params.id);
      if (!row || !canSee(row.o, request.user)) throw new AppError(404, 'NOT_FOUND');
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
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(teaserFileName(o.name, o.id)))
        .header('cache-control', o.status === 'approved' ? 'public, max-age=300' : 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );
};

export default teaserRoutes;
