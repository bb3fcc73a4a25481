import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema/content';
import { dailyCounts, rangeStart } from '../../db/daily-counts';

export async function insertEvent(
  db: Db,
  event: { name: string; path: string; properties: Record<string, unknown> | null; userId: number | null },
): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

// Admin dashboard

/** Page views per UTC day over the last `days` days. */
export function pageViewsPerDay(db: Db, days: number) {
  return dailyCounts(db, {
    table: 'analytics_events',
    column: 'created_at',
    days,
    where: sql`name = 'page_view'`,
  });
}

/** The most viewed paths of the last `days` days. */
export async function topPages(db: Db, days: number, limit: number) {
  const rows = await db
    .select({ path: analyticsEvents.path, count: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.name, 'page_view'), gte(analyticsEvents.createdAt, rangeStart(days))))
    .groupBy(analyticsEvents.path)
    .orderBy(desc(sql`count(*)`), analyticsEvents.path)
    .limit(limit);
  return rows.map((r) => ({ path: r.path, count: Number(r.count) }));
}
