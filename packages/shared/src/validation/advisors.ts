import { z } from 'zod';
import { id, lookup } from './common';
import { cappedPageQuery } from './opportunities';

/** GET /api/opportunities/{id}/advisors: advisors whose business types include the filter. */
export const ADVISOR_SORTS = ['experience', 'newest'] as const;

export const advisorsQuery = cappedPageQuery
  .extend({
    businessTypeId: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
    sort: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ADVISOR_SORTS).default('experience')),
  })
  .strict();
export type AdvisorsQuery = z.infer<typeof advisorsQuery>;

export const advisorCard = z.object({
  id: z.number().int(),
  username: z.string(),
  bio: z.string(),
  experienceYears: z.number().int(),
  businessTypes: z.array(lookup),
});
export type AdvisorCard = z.infer<typeof advisorCard>;
