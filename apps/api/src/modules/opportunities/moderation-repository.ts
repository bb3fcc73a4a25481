import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { StatusCounts } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { opportunities, opportunityStatusHistory } from '../../db/schema/opportunities';
import { dailyCounts } from '../../lib/daily-counts';

/** The moderation queue's reads and the verified badge (the status writes are in repository.ts). */
export function createModerationRepository(db: Db) {
  return {
    async countByStatus(): Promise<StatusCounts> {
      const found = await db
        .select({ status: opportunities.status, n: count() })
        .from(opportunities)
        .groupBy(opportunities.status);
      const counts: StatusCounts = { pending: 0, approved: 0, suspended: 0, rejected: 0 };
      for (const row of found) counts[row.status] = Number(row.n);
      return counts;
    },

    /**
     * One page of ids in a status: waiting listings oldest first (first come, first reviewed),
     * the other tabs by their latest change.
     */
    async pageOfStatus(status: OpportunityStatus, page: number, pageSize: number) {
      const order =
        status === 'pending'
          ? [asc(opportunities.createdAt), asc(opportunities.id)]
          : [desc(opportunities.updatedAt), desc(opportunities.id)];
      const [rows, [counted]] = await Promise.all([
        db
          .select({ id: opportunities.id })
          .from(opportunities)
          .where(eq(opportunities.status, status))
          .orderBy(...order)
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(opportunities).where(eq(opportunities.status, status)),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(counted?.total ?? 0) };
    },

    /** False when there is no such listing; `after` runs in the same transaction when there is. */
    async setVerified(id: number, isVerified: boolean, after?: (tx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(opportunities)
          .set({ isVerified, updatedAt: sql`now()` })
          .where(eq(opportunities.id, id))
          .returning({ id: opportunities.id });
        if (updated.length > 0 && after) await after(tx);
        return updated.length > 0;
      });
    },

    /** Every status change of a listing, oldest first (who made it is named by the users service). */
    history(id: number) {
      return db
        .select({
          id: opportunityStatusHistory.id,
          fromStatus: opportunityStatusHistory.fromStatus,
          toStatus: opportunityStatusHistory.toStatus,
          reason: opportunityStatusHistory.reason,
          changedById: opportunityStatusHistory.changedBy,
          createdAt: opportunityStatusHistory.createdAt,
        })
        .from(opportunityStatusHistory)
        .where(eq(opportunityStatusHistory.opportunityId, id))
        .orderBy(asc(opportunityStatusHistory.createdAt), asc(opportunityStatusHistory.id));
    },

    /** Listings created per UTC day over the last `days` days. */
    newPerDay(days: number) {
      return dailyCounts(db, { table: 'opportunities', column: 'created_at', days });
    },

    /** How many listings each of these users submitted (users without any are absent). */
    async countByOwners(userIds: number[]): Promise<Map<number, number>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ owner: opportunities.submittedBy, n: count() })
        .from(opportunities)
        .where(inArray(opportunities.submittedBy, userIds))
        .groupBy(opportunities.submittedBy);
      return new Map(rows.map((r) => [r.owner, Number(r.n)]));
    },

    /** Offers made on all listings, from the counters kept on each listing. */
    async offersTotal(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${opportunities.offersCount}), 0)::int` })
        .from(opportunities);
      return Number(row?.n ?? 0);
    },
  };
}
export type ModerationRepository = ReturnType<typeof createModerationRepository>;
