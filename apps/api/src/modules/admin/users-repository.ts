import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminUserQuery } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { dailyCounts } from '../../lib/daily-counts';
import { escapeLike } from '../../lib/sql';

/**
 * Reads of the users table for the admin area. Read here directly because main has no users
 * service yet (the accounts area brings one); move behind it when it exists.
 */

export async function selectUsers(db: Db, query: AdminUserQuery) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const where = and(
    pattern ? or(ilike(users.username, pattern), ilike(users.email, pattern)) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        phoneNumber: users.phoneNumber,
        role: users.role,
        isAdvisor: users.isAdvisor,
        emailVerifiedAt: users.emailVerifiedAt,
        language: users.language,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export async function userFigures(db: Db, days: number) {
  const [[totals], signUps] = await Promise.all([
    db
      .select({
        total: count(),
        admins: sql<number>`count(*) FILTER (WHERE ${users.role} = 'admin')::int`,
        advisors: sql<number>`count(*) FILTER (WHERE ${users.isAdvisor})::int`,
      })
      .from(users),
    dailyCounts(db, { table: 'users', column: 'created_at', days }),
  ]);
  return {
    totals: {
      total: Number(totals?.total ?? 0),
      admins: Number(totals?.admins ?? 0),
      advisors: Number(totals?.advisors ?? 0),
    },
    signUps,
  };
}

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
