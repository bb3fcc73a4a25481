import { and, count, desc, eq } from 'drizzle-orm';
import type { AdminReportQuery, ReportAction, ReportInput } from '@safqa/shared/validation/reports';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema/reports';

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

/** One page of a status, oldest first while open (a queue), newest decided first otherwise. */
export async function pageOfReports(db: Db, query: AdminReportQuery) {
  const where = eq(reports.status, query.status);
  const order =
    query.status === 'open' ? [reports.createdAt, reports.id] : [desc(reports.decidedAt), desc(reports.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(reports).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
