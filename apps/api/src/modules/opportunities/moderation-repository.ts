import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { StatusCounts } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { opportunities, opportunityStatusHistory } from '../../db/schema/opportunities';
import { rows as rowsOf } from '../../db/rows';
import { dailyCounts } from '../../db/daily-counts';
import { decodeCursor, nextCursorOf } from '../../lib/keyset-cursor';
import { afterKeyset, cursorTimestamp } from '../../lib/keyset-timestamp';
import { COUNT_CAP } from '../../lib/paged';

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
     * Every tab's size, each counted at most to COUNT_CAP from the (status, created_at, id) index:
     * at factor 1 the approved tab alone holds 80,000 listings.
     */
    async cappedCountByStatus(): Promise<StatusCounts> {
      const capped = (status: OpportunityStatus) =>
        sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${opportunities} WHERE ${opportunities.status} = ${status} LIMIT ${COUNT_CAP}) AS s)`;
      const [row] = rowsOf<StatusCounts>(
        await db.execute(
          sql`SELECT ${capped('pending')} AS pending, ${capped('approved')} AS approved,
            ${capped('suspended')} AS suspended, ${capped('rejected')} AS rejected`,
        ),
      );
      return {
        pending: Number(row?.pending ?? 0),
        approved: Number(row?.approved ?? 0),
        suspended: Number(row?.suspended ?? 0),
        rejected: Number(row?.rejected ?? 0),
      };
    },

    /**
     * One page of ids in a status, by offset (`page`) or after a cursor, with the next page's cursor:
     * waiting listings oldest first (first come, first reviewed), the other tabs by their latest
     * change. Both orders end in id and are read from the indexes of migration 0032.
     */
    async pageOfStatus(query: {
      status: OpportunityStatus;
      page: number;
      pageSize: number;
      cursor?: string;
    }) {
      const keyset = decodeCursor(query.cursor);
      const queue = query.status === 'pending';
      const at = queue ? opportunities.createdAt : opportunities.updatedAt;
      const found = await db
        .select({ id: opportunities.id, cursorAt: cursorTimestamp(at) })
        .from(opportunities)
        .where(
          and(
            eq(opportunities.status, query.status),
            afterKeyset(at, opportunities.id, keyset, queue ? 'asc' : 'desc'),
          ),
        )
        .orderBy(...(queue ? [asc(at), asc(opportunities.id)] : [desc(at), desc(opportunities.id)]))
        // One row more than the page tells whether there is a next one.
        .limit(query.pageSize + 1)
        .offset(keyset ? 0 : (query.page - 1) * query.pageSize);
      const { rows, nextCursor } = nextCursorOf(found, query.pageSize, (row) => ({
        value: row.cursorAt,
        id: row.id,
      }));
      return { ids: rows.map((r) => r.id), nextCursor };
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
