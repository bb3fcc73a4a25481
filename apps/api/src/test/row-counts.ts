import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Row count of every table of the public schema, for tests that prove a refused request wrote
 * nothing anywhere (compare before and after).
 */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.execute(
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: { name: string }[] };
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}
