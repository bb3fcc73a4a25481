import type { AdvisorCard, AdvisorsQuery } from '@safqa/shared/validation/advisors';
import type { AdvisorsRepository } from './repository';

export function createAdvisorsService(repo: AdvisorsRepository) {
  return {
    /** One page of advisors whose business types include `businessTypeId`, each with all their types. */
    async forBusinessType(businessTypeId: number, query: AdvisorsQuery) {
      const found = await repo.page(businessTypeId, query);
      const types = await repo.businessTypesOf(found.map((a) => a.id));
      const data: AdvisorCard[] = found.map((a) => ({
        id: a.id,
        username: a.username,
        bio: a.bio,
        experienceYears: a.experience_years,
        businessTypes: types
          .filter((t) => t.user_id === a.id)
          .map((t) => ({ id: t.id, nameAR: t.name_ar, nameEN: t.name_en })),
      }));
      const total = found[0]?.total ?? 0;
      return {
        data,
        pagination: {
          page: query.page,
          pageSize: query.pageSize,
          total,
          totalPages: Math.ceil(total / query.pageSize),
        },
      };
    },
  };
}
export type AdvisorsService = ReturnType<typeof createAdvisorsService>;
