import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businessTypes } from '../db/schema/lookups';
import { advisorBusinessTypes } from '../db/schema/users';

/**
 * The business types of advisor profiles (users area) with their names and order (lookups area). A
 * read model rather than a lookups service call: the users service is built before the audit log,
 * which the lookups service needs, and these reads run inside the profile's transaction (`db` may be
 * it), ordered by the lookup's sort order in SQL.
 */

export type AdvisorBusinessType = { id: number; nameAR: string; nameEN: string };

/** The advisor's business types, in the lookup's order (sort order, then id). */
export async function advisorBusinessTypesOf(db: Db, userId: number): Promise<AdvisorBusinessType[]> {
  return db
    .select({ id: businessTypes.id, nameAR: businessTypes.nameAr, nameEN: businessTypes.nameEn })
    .from(advisorBusinessTypes)
    .innerJoin(businessTypes, eq(businessTypes.id, advisorBusinessTypes.businessTypeId))
    .where(eq(advisorBusinessTypes.userId, userId))
    .orderBy(asc(businessTypes.sortOrder), asc(businessTypes.id));
}

/** How many of `ids` exist, to answer an unknown business type with a 400 before writing. */
export async function countBusinessTypes(db: Db, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  if (!unique.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(businessTypes)
    .where(and(inArray(businessTypes.id, unique)));
  return row?.n ?? 0;
}
