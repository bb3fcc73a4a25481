import type { AdvisorCard, AdvisorsQuery } from '@safqa/shared/validation/advisors';
import { paged } from '../../lib/paged';
import type { Db } from '../../db/client';
import { createAdvisorsRepository } from './repository';

export function createAdvisorsService(deps: { db: Db }) {
  const repo = createAdvisorsRepository(deps.db);
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
      return paged(data, query.page, query.pageSize, total);
    },

    /** Whether `userId` is an advisor listed to visitors (the chat area opens advisor chats only with them). */
    isListedAdvisor(userId: number) {
      return repo.isListed(userId);
    },
  };
}

export type AdvisorsService = ReturnType<typeof createAdvisorsService>;
