import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@safqa/shared/validation/audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { COUNT_CAP } from '../../lib/paged';
import { decodeCursor, nextCursorOf } from '../../lib/keyset-cursor';
import { afterKeyset, cursorTimestamp } from '../../lib/keyset-timestamp';

type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

const DAY_MS = 24 * 60 * 60 * 1000;

function filtersOf(query: AuditLogQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.actorId !== undefined) where.push(eq(auditLog.actorId, query.actorId));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.targetType) where.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId !== undefined) where.push(eq(auditLog.targetId, String(query.targetId)));
  if (query.from) where.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  // `to` is a whole day, included.
  if (query.to) where.push(lt(auditLog.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  return where.length ? and(...where) : undefined;
}

/**
 * One page, newest first, by offset (`page`) or after a cursor, with the cursor of the next page;
 * the count of every match stops at COUNT_CAP (a busy actor has hundreds of thousands of rows).
 */
export async function pageOfAuditLog(db: Db, query: AuditLogQuery) {
  const keyset = decodeCursor(query.cursor);
  const where = filtersOf(query);
  const [found, counted] = await Promise.all([
    db
      .select({ row: auditLog, cursorAt: cursorTimestamp(auditLog.createdAt) })
      .from(auditLog)
      .where(and(where, afterKeyset(auditLog.createdAt, auditLog.id, keyset)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      // One row more than the page tells whether there is a next one.
      .limit(query.pageSize + 1)
      .offset(keyset ? 0 : (query.page - 1) * query.pageSize),
    db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${auditLog} WHERE ${where ?? sql`true`} LIMIT ${COUNT_CAP}) AS capped`,
    ) as unknown as Promise<{ rows: { n: number }[] }>,
  ]);
  const { rows, nextCursor } = nextCursorOf(found, query.pageSize, (found) => ({
    value: found.cursorAt,
    id: found.row.id,
  }));
  return { rows: rows.map((found) => found.row), nextCursor, counted: Number(counted.rows[0]?.n ?? 0) };
}
