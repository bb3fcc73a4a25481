import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditLogQuery } from '@safqa/shared/validation/audit';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

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

/** One page, newest first. */
export async function pageOfAuditLog(db: Db, query: AuditLogQuery) {
  const where = filtersOf(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
