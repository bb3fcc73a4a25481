import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SavedSearchFrequency, SavedSearchQuery } from '@safqa/shared/validation/saved-searches';
import type { Db } from '../../db/client';
import { rows as rowsOf } from '../../db/rows';
import { savedSearches, savedSearchMatches } from '../../db/schema/alerts';
import {
  CARD_COLUMNS,
  CARD_JOINS,
  searchTerms,
  textMatchParts,
  type CardRow,
} from '../opportunities/queries';

export type SavedSearchRow = typeof savedSearches.$inferSelect & { query: SavedSearchQuery };

/** The user's searches, newest first, each with the matches recorded since it was last opened. */
export async function searchesOf(db: Db, userId: number) {
  const rows = await db
    .select({
      search: savedSearches,
      newMatches: sql<number>`(SELECT count(*)::int FROM ${savedSearchMatches} m
        WHERE m.saved_search_id = ${savedSearches.id} AND m.created_at > ${savedSearches.lastSeenAt})`,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map((r) => ({ ...(r.search as SavedSearchRow), newMatches: Number(r.newMatches) }));
}

export async function newMatchesOf(db: Db, search: SavedSearchRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedSearchMatches)
    .where(
      and(
        eq(savedSearchMatches.savedSearchId, search.id),
        gt(savedSearchMatches.createdAt, search.lastSeenAt),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function countSearches(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return Number(row?.n ?? 0);
}

export interface SearchValues {
  name: string;
  query: SavedSearchQuery;
  frequency: SavedSearchFrequency;
}

export async function insertSearch(db: Db, userId: number, values: SearchValues): Promise<SavedSearchRow> {
  const [row] = await db
    .insert(savedSearches)
    .values({ userId, ...values })
    .returning();
  return row as SavedSearchRow;
}

export async function updateSearch(db: Db, id: number, userId: number, values: SearchValues) {
  const [row] = await db
    .update(savedSearches)
    .set(values)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row as SavedSearchRow | undefined;
}

export async function deleteSearch(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length === 1;
}

export async function markSeen(db: Db, id: number, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ lastSeenAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length === 1;
}

export async function switchOff(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ frequency: 'off' })
    .where(eq(savedSearches.id, id))
    .returning({ id: savedSearches.id });
  return rows.length === 1;
}

/** The listing an approval job is about, when it is (still) public. */
export async function approvedListing(db: Db, opportunityId: number) {
  const found = rowsOf<{ id: number; owner_id: number }>(
    await db.execute(sql`
    SELECT id, submitted_by AS owner_id FROM opportunities WHERE id = ${opportunityId} AND status = 'approved' AND NOT owner_suspended`),
  );
  return found[0];
}

/**
 * Searches of other users than the listing's owner that have not met this listing yet, in id order
 * after `afterId` (the job walks them in batches).
 */
export async function candidateSearches(
  db: Db,
  options: { opportunityId: number; ownerId: number; afterId: number; limit: number },
): Promise<SavedSearchRow[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(
      and(
        gt(savedSearches.id, options.afterId),
        sql`${savedSearches.userId} <> ${options.ownerId}`,
        sql`NOT EXISTS (SELECT 1 FROM ${savedSearchMatches} m
          WHERE m.saved_search_id = ${savedSearches.id} AND m.opportunity_id = ${options.opportunityId})`,
      ),
    )
    .orderBy(savedSearches.id)
    .limit(options.limit);
  return rows as SavedSearchRow[];
}

/**
 * Which of a batch of searches (criteria already parsed) the listing matches, in one statement: each
 * search's filters are compared to the listing's columns as searchConditions does for one search,
 * its words with the same normalised terms (searchTerms) against the same columns.
 */
export async function matchingSearchIds(
  db: Db,
  opportunityId: number,
  searches: Array<{ id: number; query: SavedSearchQuery }>,
): Promise<number[]> {
  if (searches.length === 0) return [];
  const criteria = searches.map(({ id, query }) => ({
    id,
    business_type_id: query.businessTypeId ?? null,
    region_id: query.regionId ?? null,
    city_id: query.cityId ?? null,
    type: query.type ?? null,
    min_amount: query.minAmount ?? null,
    max_amount: query.maxAmount ?? null,
    ...textMatchParts(searchTerms(query.q)),
  }));
  const found = rowsOf<{ id: number }>(
    await db.execute(sql`
    SELECT f.id
    FROM jsonb_to_recordset(${JSON.stringify(criteria)}::jsonb) AS f(id int, business_type_id int,
      region_id int, city_id int, type text, min_amount numeric, max_amount numeric, patterns text[],
      phrase text, arabic boolean, latin boolean)
    JOIN opportunities o ON o.id = ${opportunityId}
    WHERE o.status = 'approved' AND NOT o.owner_suspended AND o.deal_state IS DISTINCT FROM 'closed'
      AND (f.business_type_id IS NULL OR o.business_type_id = f.business_type_id)
      AND (f.region_id IS NULL OR o.region_id = f.region_id)
      AND (f.city_id IS NULL OR o.city_id = f.city_id)
      AND (f.type IS NULL OR o.type = f.type)
      AND (f.min_amount IS NULL OR o.required_amount >= f.min_amount)
      AND (f.max_amount IS NULL OR o.required_amount <= f.max_amount)
      AND (cardinality(f.patterns) = 0
        OR o.search_text LIKE ALL (f.patterns)
        OR (f.arabic AND o.search_vector_ar @@ plainto_tsquery('arabic'::regconfig, f.phrase))
        OR (f.latin AND o.search_vector_en @@ plainto_tsquery('english'::regconfig, f.phrase)))
    ORDER BY f.id`),
  );
  return found.map((r) => Number(r.id));
}

/** Records a batch's matches; answers the searches recorded now (not before by a retry or another process). */
export async function recordMatches(
  db: Db,
  opportunityId: number,
  matches: Array<{ savedSearchId: number; notifiedAt: Date | null }>,
): Promise<Set<number>> {
  if (matches.length === 0) return new Set();
  const rows = await db
    .insert(savedSearchMatches)
    .values(matches.map((m) => ({ ...m, opportunityId })))
    .onConflictDoNothing()
    .returning({ id: savedSearchMatches.savedSearchId });
  return new Set(rows.map((r) => r.id));
}

export async function setLastNotifiedMany(db: Db, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db.update(savedSearches).set({ lastNotifiedAt: at }).where(inArray(savedSearches.id, ids));
}

export async function setLastNotified(db: Db, id: number, at: Date) {
  await db.update(savedSearches).set({ lastNotifiedAt: at }).where(eq(savedSearches.id, id));
}

/** Daily searches with listings waiting and no digest in the last day, in id order after `afterId`. */
export async function digestsDue(
  db: Db,
  now: Date,
  { afterId, limit }: { afterId: number; limit: number },
): Promise<SavedSearchRow[]> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .select()
    .from(savedSearches)
    .where(
      and(
        gt(savedSearches.id, afterId),
        eq(savedSearches.frequency, 'daily'),
        sql`(${savedSearches.lastNotifiedAt} IS NULL OR ${savedSearches.lastNotifiedAt} <= ${dayAgo})`,
        sql`EXISTS (SELECT 1 FROM ${savedSearchMatches} m
          WHERE m.saved_search_id = ${savedSearches.id} AND m.notified_at IS NULL)`,
      ),
    )
    .orderBy(savedSearches.id)
    .limit(limit);
  return rows as SavedSearchRow[];
}

/** Takes the listings waiting for a digest (locks them: a second runner skips this search). */
export async function takePendingMatches(tx: Db, savedSearchId: number, now: Date): Promise<number[]> {
  const taken = rowsOf<{ opportunity_id: number }>(
    await tx.execute(sql`
    UPDATE saved_search_matches SET notified_at = ${now}
    WHERE saved_search_id = ${savedSearchId} AND notified_at IS NULL
    RETURNING opportunity_id`),
  );
  return taken.map((r) => Number(r.opportunity_id));
}

/** Listing cards for emails, public ones only, in the order of `ids`. */
export async function cardsOf(db: Db, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const cards = rowsOf<CardRow>(
    await db.execute(
      sql`SELECT ${CARD_COLUMNS} FROM opportunities o ${CARD_JOINS}
      WHERE o.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND o.status = 'approved' AND NOT o.owner_suspended`,
    ),
  );
  const byId = new Map(cards.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type CardRowList = CardRow[];
