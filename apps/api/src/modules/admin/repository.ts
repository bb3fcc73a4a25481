import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Rows of a table that another area owns and that may not exist on this branch of the schema yet
 * (offers, chats): null when the table is absent.
 */
export async function countRowsIfPresent(db: Db, table: 'offers' | 'chats'): Promise<number | null> {
  const result = (await db.execute(
    sql`SELECT to_regclass(${`public.${table}`}) IS NOT NULL AS present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!result.rows[0]?.present) return null;
  const counted = (await db.execute(
    sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(counted.rows[0]?.n ?? 0);
}
