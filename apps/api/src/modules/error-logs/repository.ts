import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { errorLogs } from '../../db/schema/content';
import { dailyCounts, rangeStart } from '../../db/daily-counts';

export async function insertClientError(
  db: Db,
  report: { message: string; endpoint: string; stackTrace: string | null },
): Promise<void> {
  await db.insert(errorLogs).values({ ...report, source: 'client' });
}

// Admin

const listColumns = {
  id: errorLogs.id,
  message: errorLogs.message,
  endpoint: errorLogs.endpoint,
  stackTrace: errorLogs.stackTrace,
  createdAt: errorLogs.createdAt,
  resolved: errorLogs.resolved,
  source: errorLogs.source,
};
export type ErrorLogRow = { [K in keyof typeof listColumns]: (typeof errorLogs.$inferSelect)[K] };

/** Logs of the last `days` calendar days (UTC), today included. */
function since(days: number): SQL {
  return gte(errorLogs.createdAt, rangeStart(days));
}

export async function selectErrorLogs(
  db: Db,
  filter: { days: number; resolved?: boolean | undefined; page: number; pageSize: number },
): Promise<{ rows: ErrorLogRow[]; total: number }> {
  const where = and(
    since(filter.days),
    filter.resolved === undefined ? undefined : eq(errorLogs.resolved, filter.resolved),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(errorLogs)
      .where(where)
      .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: count() }).from(errorLogs).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function setResolved(db: Db, id: number, resolved: boolean): Promise<ErrorLogRow | null> {
  const [row] = await db
    .update(errorLogs)
    .set({ resolved })
    .where(eq(errorLogs.id, id))
    .returning(listColumns);
  return row ?? null;
}

/** Totals, a count per day of the range (zero days included) and the endpoints failing most. */
export async function errorLogFigures(db: Db, days: number, topLimit: number) {
  const [totals, byDay, top] = await Promise.all([
    db
      .select({
        total: count(),
        unresolved: sql<number>`count(*) FILTER (WHERE NOT ${errorLogs.resolved})::int`,
      })
      .from(errorLogs)
      .where(since(days)),
    dailyCounts(db, { table: 'error_logs', column: 'created_at', days }),
    db
      .select({ endpoint: errorLogs.endpoint, count: sql<number>`count(*)::int` })
      .from(errorLogs)
      .where(since(days))
      .groupBy(errorLogs.endpoint)
      .orderBy(desc(sql`count(*)`), errorLogs.endpoint)
      .limit(topLimit),
  ]);
  return {
    total: Number(totals[0]?.total ?? 0),
    unresolved: Number(totals[0]?.unresolved ?? 0),
    byDay,
    topEndpoints: top.map((r) => ({ endpoint: r.endpoint, count: Number(r.count) })),
  };
}

/** Unresolved logs of all time, for the dashboard. */
export async function countUnresolved(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(errorLogs).where(eq(errorLogs.resolved, false));
  return Number(row?.n ?? 0);
}
