import { z } from 'zod';
import { OPPORTUNITY_TYPES } from '../constants';
import { id, wholeRiyalsFilter } from './common';

/** Saved searches (API.md "Saved searches"): one module for the save dialog, the routes and OpenAPI. */

export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 100;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const amount = z.preprocess(blankToUndefined, wholeRiyalsFilter.optional());
const optionalId = z.preprocess(blankToUndefined, id.optional());

/** The filters of /search that a saved search keeps (no sort or page: alerts are about new listings). */
export const savedSearchQuery = z
  .object({
    q: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    businessTypeId: optionalId,
    regionId: optionalId,
    cityId: optionalId,
    type: z.preprocess(blankToUndefined, z.enum(OPPORTUNITY_TYPES).optional()),
    minAmount: amount,
    maxAmount: amount,
  })
  .strict()
  .refine((v) => v.minAmount === undefined || v.maxAmount === undefined || v.minAmount <= v.maxAmount, {
    path: ['maxAmount'],
    error: 'amount_range',
  });
export type SavedSearchQuery = z.infer<typeof savedSearchQuery>;

export const savedSearchInput = z
  .object({
    name: z.string().trim().min(1, { error: 'required' }).max(SAVED_SEARCH_NAME_MAX),
    query: savedSearchQuery,
    frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  })
  .strict();
export type SavedSearchInput = z.input<typeof savedSearchInput>;

export const savedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  query: z.object({
    q: z.string().optional(),
    businessTypeId: z.number().int().optional(),
    regionId: z.number().int().optional(),
    cityId: z.number().int().optional(),
    type: z.enum(OPPORTUNITY_TYPES).optional(),
    minAmount: z.number().optional(),
    maxAmount: z.number().optional(),
  }),
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  /** Listings matched since the owner last opened this search. */
  newMatches: z.number().int(),
  lastNotifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchResponse = z.object({ data: savedSearch });
export const savedSearchListResponse = z.object({ data: z.array(savedSearch) });
export const savedSearchIdParams = z.object({ id }).strict();
export const unsubscribeQuery = z.object({ token: z.string().trim().min(1).max(200) }).strict();
export const messageResponse = z.object({ message: z.string() });
