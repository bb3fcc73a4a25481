import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { businessTypes, cities, companyAges, companySizes, regions } from '../db/schema/lookups';
import { opportunities } from '../db/schema/opportunities';

/**
 * A listing with the names of its lookups (business type, region, city, company age and size): the
 * opportunities area's detail pages and teasers. It is a read model, not a lookups service call,
 * because every listing page reads it as one prepared statement (issue 20); two round trips, or
 * names cached per process, would be slower or stale after an admin renames a lookup.
 */

/** Every column but the stored search vectors, which only SQL reads. */
const { searchVectorAr: _ar, searchVectorEn: _en, ...rowColumns } = getTableColumns(opportunities);

type LookupNames = { id: number; nameAr: string; nameEn: string };
export interface DetailRow {
  o: Omit<typeof opportunities.$inferSelect, 'searchVectorAr' | 'searchVectorEn'>;
  businessType: LookupNames;
  region: LookupNames;
  city: LookupNames;
  companyAge: LookupNames | null;
  companySize: LookupNames | null;
}

const lookupNames = <T extends { id: AnyPgColumn; nameAr: AnyPgColumn; nameEn: AnyPgColumn }>(t: T) => ({
  id: t.id,
  nameAr: t.nameAr,
  nameEn: t.nameEn,
});

export function createListingDetails(db: Db) {
  const ages = alias(companyAges, 'ca');
  const sizes = alias(companySizes, 'cs');

  /** A listing with the names of its lookups; the caller adds the WHERE. */
  function detailQuery() {
    return db
      .select({
        o: rowColumns,
        businessType: lookupNames(businessTypes),
        region: lookupNames(regions),
        city: lookupNames(cities),
        companyAge: lookupNames(ages),
        companySize: lookupNames(sizes),
      })
      .from(opportunities)
      .innerJoin(businessTypes, eq(businessTypes.id, opportunities.businessTypeId))
      .innerJoin(regions, eq(regions.id, opportunities.regionId))
      .innerJoin(cities, eq(cities.id, opportunities.cityId))
      .leftJoin(ages, eq(ages.id, opportunities.companyAgeId))
      .leftJoin(sizes, eq(sizes.id, opportunities.companySizeId));
  }

  /**
   * The detail of one listing, built once as a prepared statement: every listing page and API detail
   * reads it, and building its SQL anew (five joins) was a measurable share of an uncached page (issue 20).
   */
  const detailById = detailQuery()
    .where(eq(opportunities.id, sql.placeholder('id')))
    .limit(1)
    .prepare('opportunity_detail_by_id');

  return {
    async byId(id: number): Promise<DetailRow | null> {
      const [row] = await detailById.execute({ id });
      return (row as DetailRow | undefined) ?? null;
    },

    /** The detail rows of several listings, in the order of `ids` (missing ones left out). */
    async byIds(ids: number[]): Promise<DetailRow[]> {
      if (!ids.length) return [];
      const found = (await detailQuery().where(inArray(opportunities.id, ids))) as DetailRow[];
      const byId = new Map(found.map((row) => [row.o.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
