import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businessTypes,
  cities,
  companyAges,
  companySizes,
  regions,
  sharePercentages,
} from '../../db/schema/lookups';
import type { CityLookup, LookupKind, SharePercentageLookup } from '@safqa/shared/validation/lookups';
import type { Lookup } from '@safqa/shared/validation/common';

/** The table behind each kind; every one has id, name_ar, name_en and sort_order. */
export const LOOKUP_TABLES = {
  'business-types': businessTypes,
  regions,
  cities,
  'company-ages': companyAges,
  'company-sizes': companySizes,
  'share-percentages': sharePercentages,
} as const satisfies Record<LookupKind, unknown>;

type PlainKind = Exclude<LookupKind, 'cities' | 'share-percentages'>;

export async function selectLookups(db: Db, kind: PlainKind): Promise<Lookup[]> {
  const table = LOOKUP_TABLES[kind];
  return db
    .select({ id: table.id, nameAR: table.nameAr, nameEN: table.nameEn })
    .from(table)
    .orderBy(asc(table.sortOrder), asc(table.id));
}

export async function selectCities(db: Db, regionId?: number): Promise<CityLookup[]> {
  return db
    .select({ id: cities.id, nameAR: cities.nameAr, nameEN: cities.nameEn, regionId: cities.regionId })
    .from(cities)
    .where(regionId === undefined ? undefined : eq(cities.regionId, regionId))
    .orderBy(asc(cities.sortOrder), asc(cities.id));
}

export async function selectSharePercentages(db: Db): Promise<SharePercentageLookup[]> {
  return db
    .select({
      id: sharePercentages.id,
      nameAR: sharePercentages.nameAr,
      nameEN: sharePercentages.nameEn,
      value: sharePercentages.value,
    })
    .from(sharePercentages)
    .orderBy(asc(sharePercentages.sortOrder), asc(sharePercentages.id));
}
