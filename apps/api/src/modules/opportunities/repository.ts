import { and, count, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { MyOpportunitiesQuery, SearchQuery } from '@safqa/shared/validation/opportunities';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { cardsById } from './cards';
import { opportunitySummaries } from './summaries';
import { findOfferTarget } from './offer-counts';
import { createRoomListings } from './room-listings';
import {
  favorites,
  opportunities,
  opportunityDailyViews,
  opportunityStatusHistory,
  opportunityViewAddresses,
  opportunityViewers,
} from '../../db/schema/opportunities';
import { UTC_TODAY } from '../../db/daily-counts';
import { createListingDetails } from '../../read-models/listing-details';
import { VIEWERS_PER_ADDRESS, type Viewer } from '../../lib/viewer';
import type { MyCardRow } from './mappers';
import { CARD_COLUMNS, CARD_JOINS, searchCountSql, searchPageSql, topSql, type CardRow } from './queries';

/** Every column but the stored search vectors, which only SQL reads. */
const { searchVectorAr: _ar, searchVectorEn: _en, ...rowColumns } = getTableColumns(opportunities);
export type OpportunityRow = Omit<typeof opportunities.$inferSelect, 'searchVectorAr' | 'searchVectorEn'>;
export type OpportunityValues = Omit<
  typeof opportunities.$inferInsert,
  | 'id'
  | 'status'
  | 'rejectionReason'
  | 'isVerified'
  | 'submittedBy'
  | 'viewsCount'
  | 'favoritesCount'
  | 'offersCount'
  | 'approvedAt'
  | 'createdAt'
  | 'updatedAt'
  | 'searchVectorAr'
  | 'searchVectorEn'
>;

/** A listing with its lookups' names, read through the listing-details read model. */
export type { DetailRow } from '../../read-models/listing-details';

export function createOpportunitiesRepository(db: Db) {
  const details = createListingDetails(db);

  /** A page of rows and the total of the same conditions, concurrently. */
  async function pageAndCount<T extends object>(
    page: SQL,
    count: SQL,
  ): Promise<{ rows: T[]; total: number }> {
    const [found, counted] = await Promise.all([db.execute(page), db.execute(count)]);
    return { rows: rows<T>(found), total: Number(rows<{ total: number }>(counted)[0]?.total ?? 0) };
  }

  return {
    cardsById: (ids: number[], tx: Db = db) => cardsById(tx, ids),
    summaries: (ids: number[]) => opportunitySummaries(db, ids),

    async searchPage(query: SearchQuery): Promise<CardRow[]> {
      return rows<CardRow>(await db.execute(searchPageSql(query)));
    },

    async searchCount(query: SearchQuery): Promise<number> {
      return Number(rows<{ total: number }>(await db.execute(searchCountSql(query)))[0]?.total ?? 0);
    },

    async top(): Promise<CardRow[]> {
      return rows<CardRow>(await db.execute(topSql()));
    },

    /** Approved listings in id order, `limit` from `offset`: what the sitemap lists. */
    async publicEntries(offset: number, limit: number): Promise<{ id: number; updatedAt: Date }[]> {
      return db
        .select({ id: opportunities.id, updatedAt: opportunities.updatedAt })
        .from(opportunities)
        .where(and(eq(opportunities.status, 'approved'), eq(opportunities.ownerSuspended, false)))
        .orderBy(opportunities.id)
        .offset(offset)
        .limit(limit);
    },

    async publicCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(opportunities)
        .where(and(eq(opportunities.status, 'approved'), eq(opportunities.ownerSuspended, false)));
      return Number(row?.n ?? 0);
    },

    async findById(id: number): Promise<OpportunityRow | null> {
      const [row] = await db.select(rowColumns).from(opportunities).where(eq(opportunities.id, id)).limit(1);
      return row ?? null;
    },

    findDetail: (id: number) => details.byId(id),

    /** The detail rows of several listings, in the order of `ids` (missing ones left out). */
    findDetails: (ids: number[]) => details.byIds(ids),

    /** Which of the referenced lookups exist, and the region of the chosen city, in one round trip. */
    async checkLookups(ids: {
      businessTypeId: number;
      regionId: number;
      cityId: number;
      companyAgeId: number | null;
      companySizeId: number | null;
    }) {
      const [found] = rows<{
        business_type: boolean;
        region: boolean;
        city_region_id: number | null;
        company_age: boolean;
        company_size: boolean;
      }>(
        await db.execute(sql`SELECT
          EXISTS (SELECT 1 FROM business_types WHERE id = ${ids.businessTypeId}) AS business_type,
          EXISTS (SELECT 1 FROM regions WHERE id = ${ids.regionId}) AS region,
          (SELECT region_id FROM cities WHERE id = ${ids.cityId}) AS city_region_id,
          (${ids.companyAgeId}::int IS NULL OR EXISTS (SELECT 1 FROM company_ages WHERE id = ${ids.companyAgeId}::int)) AS company_age,
          (${ids.companySizeId}::int IS NULL OR EXISTS (SELECT 1 FROM company_sizes WHERE id = ${ids.companySizeId}::int)) AS company_size`),
      );
      return found!;
    },

    /** A new pending opportunity and its first status-history row, together. */
    async insert(values: OpportunityValues, submittedBy: number): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(opportunities)
          .values({
            ...values,
            submittedBy,
            status: 'pending',
            verifiedBuyersOnlySince: values.verifiedBuyersOnly ? sql`now()` : null,
          })
          .returning({ id: opportunities.id });
        await tx.insert(opportunityStatusHistory).values({
          opportunityId: row!.id,
          fromStatus: null,
          toStatus: 'pending',
          reason: 'created',
          changedBy: submittedBy,
        });
        return row!.id;
      });
    },

    /** New values from the owner: back to pending review, reason cleared, history kept. */
    async update(id: number, values: OpportunityValues, fromStatus: OpportunityStatus, actorId: number) {
      await db.transaction(async (tx) => {
        await tx
          .update(opportunities)
          .set({
            ...values,
            status: 'pending',
            rejectionReason: null,
            updatedAt: sql`now()`,
            // Kept while the flag stays on: chats opened before it was turned on keep working.
            verifiedBuyersOnlySince: values.verifiedBuyersOnly
              ? sql`coalesce(${opportunities.verifiedBuyersOnlySince}, now())`
              : null,
          })
          .where(eq(opportunities.id, id));
        await tx.insert(opportunityStatusHistory).values({
          opportunityId: id,
          fromStatus,
          toStatus: 'pending',
          reason: 'edited',
          changedBy: actorId,
        });
      });
    },

    /**
     * Moves a listing from `fromStatus` to `toStatus` and records who and why, in one transaction;
     * `afterWrite` runs inside it (the admin area queues the owner's email there). False, with
     * nothing written, when the listing is no longer in `fromStatus` (another admin was faster).
     */
    async setStatus(
      id: number,
      fromStatus: OpportunityStatus,
      toStatus: OpportunityStatus,
      reason: string | null,
      actorId: number,
      afterWrite?: (tx: Db) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(opportunities)
          .set({
            status: toStatus,
            rejectionReason: toStatus === 'rejected' || toStatus === 'suspended' ? reason : null,
            ...(toStatus === 'approved' ? { approvedAt: sql`now()` } : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(opportunities.id, id), eq(opportunities.status, fromStatus)))
          .returning({ id: opportunities.id });
        if (!updated.length) return false;
        await tx
          .insert(opportunityStatusHistory)
          .values({ opportunityId: id, fromStatus, toStatus, reason, changedBy: actorId });
        await afterWrite?.(tx as unknown as Db);
        return true;
      });
    },

    /** Hides (or shows again) every listing of a suspended (or reinstated) owner, in `tx`. */
    async setOwnerSuspended(tx: Db, ownerId: number, suspended: boolean) {
      await tx
        .update(opportunities)
        .set({ ownerSuspended: suspended })
        .where(and(eq(opportunities.submittedBy, ownerId), ne(opportunities.ownerSuspended, suspended)));
    },

    /**
     * Deletes the listing after `before` ran in the same transaction, with the row locked first: an
     * offer accepted meanwhile (its deal references the row) waits for the delete, or the delete for it.
     */
    async remove(id: number, before: (tx: Db) => Promise<void>) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: opportunities.id })
          .from(opportunities)
          .where(eq(opportunities.id, id))
          .for('update');
        if (!row) return;
        await before(tx as unknown as Db);
        await tx.delete(opportunities).where(eq(opportunities.id, id));
      });
    },

    async statusHistory(id: number) {
      return db
        .select()
        .from(opportunityStatusHistory)
        .where(eq(opportunityStatusHistory.opportunityId, id))
        .orderBy(opportunityStatusHistory.id);
    },

    /**
     * A view by `viewer` today (UTC day): counted only if it is this viewer's first of the day on this
     * listing, and while its address has fewer than VIEWERS_PER_ADDRESS viewers counted there today.
     * The viewer row, the daily row (for the top list) and the running total move together, so every
     * "views" figure follows the same rules.
     */
    async recordView(id: number, viewer: Viewer) {
      await db.transaction(async (tx) => {
        const first = await tx
          .insert(opportunityViewers)
          .values({ opportunityId: id, day: sql`${UTC_TODAY}`, viewer: viewer.id })
          .onConflictDoNothing()
          .returning({ id: opportunityViewers.opportunityId });
        if (!first.length) return;
        // One row per (listing, day, address), counted up under its row lock: concurrent views from
        // one address cannot both take the last place.
        const placed = await tx
          .insert(opportunityViewAddresses)
          .values({ opportunityId: id, day: sql`${UTC_TODAY}`, address: viewer.address, viewers: 1 })
          .onConflictDoUpdate({
            target: [
              opportunityViewAddresses.opportunityId,
              opportunityViewAddresses.day,
              opportunityViewAddresses.address,
            ],
            set: { viewers: sql`${opportunityViewAddresses.viewers} + 1` },
            setWhere: sql`${opportunityViewAddresses.viewers} < ${VIEWERS_PER_ADDRESS}`,
          })
          .returning({ viewers: opportunityViewAddresses.viewers });
        if (!placed.length) {
          await tx
            .delete(opportunityViewers)
            .where(
              and(
                eq(opportunityViewers.opportunityId, id),
                eq(opportunityViewers.day, sql`${UTC_TODAY}`),
                eq(opportunityViewers.viewer, viewer.id),
              ),
            );
          return;
        }
        await tx
          .insert(opportunityDailyViews)
          .values({ opportunityId: id, day: sql`current_date`, views: 1 })
          .onConflictDoUpdate({
            target: [opportunityDailyViews.opportunityId, opportunityDailyViews.day],
            set: { views: sql`${opportunityDailyViews.views} + 1` },
          });
        await tx
          .update(opportunities)
          .set({ viewsCount: sql`${opportunities.viewsCount} + 1` })
          .where(eq(opportunities.id, id));
      });
    },

    offerTarget: (opportunityId: number) => findOfferTarget(db, opportunityId),

    room: createRoomListings(db),

    /**
     * Whether the user already took part in this listing: bookmarked it, made an offer on it, or was
     * let into its data room. Such users keep seeing it while it is back under review.
     */
    async isInvolved(userId: number, opportunityId: number): Promise<boolean> {
      const [row] = rows<{ involved: boolean }>(
        await db.execute(sql`SELECT
          EXISTS (SELECT 1 FROM favorites WHERE user_id = ${userId} AND opportunity_id = ${opportunityId})
          OR EXISTS (SELECT 1 FROM offers WHERE user_id = ${userId} AND opportunity_id = ${opportunityId})
          OR EXISTS (SELECT 1 FROM access_requests WHERE requester_id = ${userId}
            AND opportunity_id = ${opportunityId} AND status = 'approved') AS involved`),
      );
      return row?.involved === true;
    },

    async isFavorite(userId: number, opportunityId: number): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.opportunityId, opportunityId)))
        .limit(1);
      return Boolean(row);
    },

    /** Bookmark and counter move together; a repeated bookmark changes neither. */
    async addFavorite(userId: number, opportunityId: number) {
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(favorites)
          .values({ userId, opportunityId })
          .onConflictDoNothing()
          .returning({ id: favorites.opportunityId });
        if (inserted.length) {
          await tx
            .update(opportunities)
            .set({ favoritesCount: sql`${opportunities.favoritesCount} + 1` })
            .where(eq(opportunities.id, opportunityId));
        }
      });
    },

    async removeFavorite(userId: number, opportunityId: number) {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(favorites)
          .where(and(eq(favorites.userId, userId), eq(favorites.opportunityId, opportunityId)))
          .returning({ id: favorites.opportunityId });
        if (deleted.length) {
          await tx
            .update(opportunities)
            .set({ favoritesCount: sql`greatest(${opportunities.favoritesCount} - 1, 0)` })
            .where(eq(opportunities.id, opportunityId));
        }
      });
    },

    /**
     * The caller's bookmarks that they may still see (approved, their own, or back under review after
     * an edit: a bookmarker is involved), newest bookmark first.
     */
    listFavorites(userId: number, page: number, pageSize: number) {
      const from = sql`FROM favorites f
        JOIN opportunities o ON o.id = f.opportunity_id
        WHERE f.user_id = ${userId} AND (o.status = 'approved' OR o.submitted_by = ${userId}
          OR (o.status = 'pending' AND o.approved_at IS NOT NULL))`;
      return pageAndCount<CardRow & { status: OpportunityStatus }>(
        sql`SELECT ${CARD_COLUMNS}, o.status FROM (SELECT o.id, f.created_at AS favorited_at ${from}
            ORDER BY f.created_at DESC, o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) p
          JOIN opportunities o ON o.id = p.id
          ${CARD_JOINS}
          ORDER BY p.favorited_at DESC, o.id DESC`,
        sql`SELECT count(*)::int AS total ${from}`,
      );
    },

    listMine(userId: number, query: MyOpportunitiesQuery) {
      const order = sql.raw(
        {
          newest: 'o.created_at DESC, o.id DESC',
          oldest: 'o.created_at ASC, o.id ASC',
          offers: 'o.offers_count DESC, o.created_at DESC, o.id DESC',
        }[query.sort],
      );
      const where = sql`o.submitted_by = ${userId}${query.status ? sql` AND o.status = ${query.status}` : sql``}`;
      return pageAndCount<MyCardRow>(
        sql`SELECT ${CARD_COLUMNS}, o.status, o.rejection_reason, o.offers_count, o.views_count
          FROM opportunities o
          ${CARD_JOINS}
          WHERE ${where}
          ORDER BY ${order}
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
        sql`SELECT count(*)::int AS total FROM opportunities o WHERE ${where}`,
      );
    },
  };
}
export type OpportunitiesRepository = ReturnType<typeof createOpportunitiesRepository>;
