import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { UTC_TODAY, rangeStart } from '../../db/daily-counts';

export interface DayFigures {
  date: string;
  views: number;
  bookmarks: number;
  offers: number;
  chats: number;
}

export interface WindowTotals {
  uniqueViewers: number;
  accessRequests: number;
  deals: number;
}

/** Counts per UTC day of `table` rows of one listing since the window's first instant. */
function perDay(table: string, column: string, id: number, days: number, also = sql`true`) {
  const c = sql.identifier(column);
  return sql`SELECT (${c} AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
    FROM ${sql.identifier(table)}
    WHERE opportunity_id = ${id} AND ${c} >= ${rangeStart(days)} AND ${also}
    GROUP BY 1`;
}

/**
 * A listing's activity over the last `days` UTC days, today included, one row per day (zero-filled).
 * Views are viewer rows (one per viewer per day); bookmarks are the bookmarks still held, by the day
 * they were made (a removed bookmark leaves no trace).
 */
export async function dailyFigures(db: Db, id: number, days: number): Promise<DayFigures[]> {
  const result = rows<DayFigures>(
    await db.execute(sql`WITH
      v AS (
        SELECT day, count(*)::int AS n FROM opportunity_viewers
        WHERE opportunity_id = ${id} AND day >= ${UTC_TODAY} - ${days - 1}::int
        GROUP BY day
      ),
      b AS (${perDay('favorites', 'created_at', id, days)}),
      o AS (${perDay('offers', 'created_at', id, days)}),
      -- The owner's own chats: one with an advisor about the listing is not an inquiry.
      c AS (${perDay('chats', 'created_at', id, days, sql`owner_id = (SELECT submitted_by FROM opportunities WHERE id = ${id})`)})
    SELECT to_char(d, 'YYYY-MM-DD') AS date,
      coalesce(v.n, 0)::int AS views, coalesce(b.n, 0)::int AS bookmarks,
      coalesce(o.n, 0)::int AS offers, coalesce(c.n, 0)::int AS chats
    FROM generate_series(${UTC_TODAY} - ${days - 1}::int, ${UTC_TODAY}, interval '1 day') d
    LEFT JOIN v ON v.day = d::date
    LEFT JOIN b ON b.day = d::date
    LEFT JOIN o ON o.day = d::date
    LEFT JOIN c ON c.day = d::date
    ORDER BY d`),
  );
  return result.map((r) => ({
    date: r.date,
    views: Number(r.views),
    bookmarks: Number(r.bookmarks),
    offers: Number(r.offers),
    chats: Number(r.chats),
  }));
}

/** Figures of the whole window that are not sums of days: distinct viewers, access requests, deals. */
export async function windowTotals(db: Db, id: number, days: number): Promise<WindowTotals> {
  const result = rows<{
    unique_viewers: number;
    access_requests: number;
    deals: number;
  }>(
    await db.execute(sql`SELECT
      (SELECT count(DISTINCT viewer)::int FROM opportunity_viewers
        WHERE opportunity_id = ${id} AND day >= ${UTC_TODAY} - ${days - 1}::int) AS unique_viewers,
      (SELECT count(*)::int FROM access_requests
        WHERE opportunity_id = ${id} AND created_at >= ${rangeStart(days)}) AS access_requests,
      (SELECT count(*)::int FROM deals
        WHERE opportunity_id = ${id} AND created_at >= ${rangeStart(days)}) AS deals`),
  );
  const row = result[0];
  return {
    uniqueViewers: Number(row?.unique_viewers ?? 0),
    accessRequests: Number(row?.access_requests ?? 0),
    deals: Number(row?.deals ?? 0),
  };
}

export interface Quartiles {
  p25: number;
  median: number;
  p75: number;
}
export interface SectorFigures {
  comparables: number;
  ebitdaMultiple: Quartiles | null;
  salesMultiple: Quartiles | null;
}

/**
 * The multiples of the approved listings of a business type with positive EBITDA and sales (one
 * listing left out): how many, and their 25th, 50th and 75th percentiles by linear interpolation
 * (percentile_cont).
 */
export async function sectorFigures(
  db: Db,
  businessTypeId: number,
  excludeId: number | null,
): Promise<SectorFigures> {
  const exclude = excludeId === null ? sql`` : sql` AND id <> ${excludeId}`;
  const result = rows<Record<'n' | 'e25' | 'e50' | 'e75' | 's25' | 's50' | 's75', number | string | null>>(
    await db.execute(sql`WITH m AS (
      SELECT (required_amount::float8 / (offered_percentage::float8 / 100)) / ebitda::float8 AS e,
             (required_amount::float8 / (offered_percentage::float8 / 100)) / yearly_sales::float8 AS s
      FROM opportunities
      WHERE status = 'approved' AND NOT owner_suspended AND business_type_id = ${businessTypeId}
        AND ebitda > 0 AND yearly_sales > 0 AND offered_percentage > 0${exclude}
    )
    SELECT count(*)::int AS n,
      percentile_cont(0.25) WITHIN GROUP (ORDER BY e) AS e25,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY e) AS e50,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY e) AS e75,
      percentile_cont(0.25) WITHIN GROUP (ORDER BY s) AS s25,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY s) AS s50,
      percentile_cont(0.75) WITHIN GROUP (ORDER BY s) AS s75
    FROM m`),
  );
  const row = result[0];
  const n = Number(row?.n ?? 0);
  if (!row || n === 0) return { comparables: 0, ebitdaMultiple: null, salesMultiple: null };
  return {
    comparables: n,
    ebitdaMultiple: { p25: Number(row.e25), median: Number(row.e50), p75: Number(row.e75) },
    salesMultiple: { p25: Number(row.s25), median: Number(row.s50), p75: Number(row.s75) },
  };
}

/** Whether a business type exists (the check's businessTypeId comes from the client). */
export async function businessTypeExists(db: Db, id: number): Promise<boolean> {
  const result = rows<{ one: number }>(
    await db.execute(sql`SELECT 1 AS one FROM business_types WHERE id = ${id}`),
  );
  return result.length > 0;
}
