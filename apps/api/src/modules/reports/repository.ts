import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminReportQuery, ReportAction, ReportInput } from '@safqa/shared/validation/reports';
import type { Db } from '../../db/client';
import { rows as rowsOf } from '../../db/rows';
import { reports } from '../../db/schema/reports';
import { decodeCursor, nextCursorOf } from '../../lib/keyset-cursor';
import { afterKeyset, cursorTimestamp } from '../../lib/keyset-timestamp';
import { COUNT_CAP } from '../../lib/paged';

export type ReportRow = typeof reports.$inferSelect;

/** Stores an open report; null when the reporter already has an open one on the target (the index says so). */
export async function insertReport(
  db: Db,
  reporterId: number,
  input: ReportInput,
): Promise<ReportRow | null> {
  const [row] = await db
    .insert(reports)
    .values({
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: input.reason,
      details: input.details,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

/** Decides an open report; undefined when it was not open (decided meanwhile, or never). */
export async function decideReport(
  db: Db,
  id: number,
  decision: {
    status: 'resolved' | 'dismissed';
    action: ReportAction;
    note: string | null;
    decidedBy: number;
  },
): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ ...decision, decidedAt: new Date() })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning();
  return row;
}

/**
 * One page of a status, by offset (`page`) or after a cursor, with the next page's cursor: oldest
 * first while open (a queue), newest decided first otherwise; both orders end in id and are read
 * from the indexes of migration 0032. The count stops at COUNT_CAP (the caller caps it).
 */
export async function pageOfReports(db: Db, query: AdminReportQuery) {
  const keyset = decodeCursor(query.cursor);
  const where = eq(reports.status, query.status);
  const queue = query.status === 'open';
  // A decided report always has decided_at (decideReport sets it with the status).
  const at = queue ? reports.createdAt : reports.decidedAt;
  const [found, counted] = await Promise.all([
    db
      .select({ row: reports, cursorAt: cursorTimestamp(at) })
      .from(reports)
      .where(and(where, afterKeyset(at, reports.id, keyset, queue ? 'asc' : 'desc')))
      .orderBy(...(queue ? [asc(at), asc(reports.id)] : [desc(at), desc(reports.id)]))
      // One row more than the page tells whether there is a next one.
      .limit(query.pageSize + 1)
      .offset(keyset ? 0 : (query.page - 1) * query.pageSize),
    db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${reports} WHERE ${where} LIMIT ${COUNT_CAP}) AS capped`,
    ),
  ]);
  const { rows, nextCursor } = nextCursorOf(found, query.pageSize, (found) => ({
    value: found.cursorAt,
    id: found.row.id,
  }));
  const [count] = rowsOf<{ n: number }>(counted);
  return { rows: rows.map((found) => found.row), nextCursor, counted: Number(count?.n ?? 0) };
}
