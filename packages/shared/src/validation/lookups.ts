import { z } from 'zod';
import { id, lookup, MAX_ROW_ID } from './common';

/** The six admin-managed lookup lists (API.md "Lookups"); each is read at /api/admin/lookups/{kind}. */
export const LOOKUP_KINDS = [
  'business-types',
  'regions',
  'cities',
  'company-ages',
  'company-sizes',
  'share-percentages',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/**
 * What only an admin's read of a list carries (the lookup screens edit the order and warn before a
 * delete the server would refuse): absent for everyone else.
 */
const adminExtras = {
  sortOrder: z.number().int().optional(),
  /** Rows that refer to this item (listings, advisors, cities); a delete is refused while above 0. */
  usageCount: z.number().int().optional(),
};

const listed = lookup.extend(adminExtras);
export type ListedLookup = z.infer<typeof listed>;
export const cityLookup = lookup.extend({ regionId: z.number().int() });
export type CityLookup = z.infer<typeof cityLookup>;
export const sharePercentageLookup = lookup.extend({ value: z.number() });
export type SharePercentageLookup = z.infer<typeof sharePercentageLookup>;
const listedCity = cityLookup.extend(adminExtras);
const listedSharePercentage = sharePercentageLookup.extend(adminExtras);
/** Any item of any kind as an admin reads it (the web's lookup screens handle every kind alike). */
export type AdminLookup = ListedLookup & { regionId?: number; value?: number };

export const lookupListResponse = z.object({ data: z.array(listed) });
export const cityListResponse = z.object({ data: z.array(listedCity) });
export const sharePercentageListResponse = z.object({ data: z.array(listedSharePercentage) });

/** Lists take no query parameters, except the region filter of cities. */
export const lookupListQuery = z.object({}).strict();
export const cityListQuery = z.object({ regionId: id.optional() }).strict();

// Admin writes (API.md "Lookups": POST, PUT, DELETE /api/admin/lookups/{kind}[/{id}])

export const LOOKUP_NAME_MAX = 100;
export const SORT_ORDER_MAX = 100_000;

const lookupName = z.string().trim().min(1, { error: 'required' }).max(LOOKUP_NAME_MAX);
/** Position in lists (ascending, ties by id); omitted on create means after the last item. */
export const sortOrder = z.number().int({ error: 'not_integer' }).min(0).max(SORT_ORDER_MAX);

/** Arabic and English names are both required (SPEC.md section 3 "Lookups"). */
export const lookupInput = z
  .object({ nameAR: lookupName, nameEN: lookupName, sortOrder: sortOrder.optional() })
  .strict();
/** A city belongs to a region. */
export const cityInput = lookupInput
  .extend({ regionId: z.number().int({ error: 'not_integer' }).positive().max(MAX_ROW_ID) })
  .strict();
/** A share percentage also carries its number (25 means 25 %). */
export const sharePercentageInput = lookupInput
  .extend({
    value: z.number().min(0.01).max(100).multipleOf(0.01, { error: 'decimals_2' }),
  })
  .strict();

/** The body each kind takes: the same schema for the admin form and the route. */
export const LOOKUP_INPUTS = {
  'business-types': lookupInput,
  regions: lookupInput,
  cities: cityInput,
  'company-ages': lookupInput,
  'company-sizes': lookupInput,
  'share-percentages': sharePercentageInput,
} as const satisfies Record<LookupKind, z.ZodType>;

export type LookupInput = z.infer<typeof lookupInput>;
export type CityInput = z.infer<typeof cityInput>;
export type SharePercentageInput = z.infer<typeof sharePercentageInput>;
/** Any kind's body, as the service handles them. */
export type AnyLookupInput = LookupInput & { regionId?: number; value?: number };

export const lookupParams = z.object({ id }).strict();
export const lookupWriteResponse = z.object({
  data: listed.extend({ regionId: z.number().int().optional(), value: z.number().optional() }),
});
