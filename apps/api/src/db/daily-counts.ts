import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rows } from './rows';

/** Today's date in UTC, whatever the session's time zone: days in the admin figures are UTC days. */
export const UTC_TODAY = sql`(now() AT TIME ZONE 'UTC')::date`;

/** The first instant of the range of the last `days` UTC days, today included. */
export function rangeStart(days: number): SQL {
  return sql`((${UTC_TODAY} - ${days - 1}::int)::timestamp AT TIME ZONE 'UTC')`;
}

export interface DailyCount {
  date: string;
  count: number;
}

/**
 * Rows per UTC day over the last `days` days, oldest first, with the empty days as 0: rows of the
 * range are counted per day first (one index range scan on `column`), then laid over the calendar.
 */
export async function dailyCounts(
  db: Db,
  options: { table: string; column: string; days: number; where?: SQL },
): Promise<DailyCount[]> {
  const column = sql.identifier(options.column);
  const extra = options.where ? sql` AND (${options.where})` : sql``;
  const result = await db.execute(
    sql`WITH counts AS (
        SELECT (${column} AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
        FROM ${sql.identifier(options.table)}
        WHERE ${column} >= ${rangeStart(options.days)}${extra}
        GROUP BY 1
      )
      SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(c.n, 0)::int AS count
      FROM generate_series(${UTC_TODAY} - ${options.days - 1}::int, ${UTC_TODAY}, interval '1 day') d
      LEFT JOIN counts c ON c.day = d::date
      ORDER BY d`,
  );
  return rows<{ date: string; count: number }>(result).map((r) => ({
    date: r.date,
    count: Number(r.count),
  }));
}
