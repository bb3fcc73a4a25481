import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Rendered pages and the queue of pages to render (web/stored-pages.ts): a cache the app fills in the
 * background whenever a listing changes, not a write of any request.
 */
const CACHE_TABLES = new Set(['stored_pages', 'page_render_queue']);

/**
 * Row count of every table of the public schema but caches, for tests that prove a refused request
 * wrote nothing anywhere (compare before and after).
 */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (CACHE_TABLES.has(name)) continue;
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}
