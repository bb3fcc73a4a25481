import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { dailyCounts } from '../../db/daily-counts';

/**
 * Reads of the users table for the staff: the admin panel's user list and figures, and the admins
 * who hear of contact messages. Other areas reach them through the users service.
 */

/** How many users, admins and advisors there are, and the sign-ups per UTC day over `days` days. */
export async function userFigures(db: Db, days: number) {
  const [[totals], signUps] = await Promise.all([
    // Admins and advisors are counted from their own small indexes (users_role_created_idx,
    // users_advisor_idx) rather than by a FILTER over a scan of every user.
    db
      .select({
        total: count(),
        admins: sql<number>`(SELECT count(*) FROM ${users} WHERE ${users.role} = 'admin')::int`,
        advisors: sql<number>`(SELECT count(*) FROM ${users} WHERE ${users.isAdvisor})::int`,
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

/** Admin accounts and the language each reads email in, oldest account first. */
export async function adminRecipients(db: Db): Promise<{ email: string; language: Language }[]> {
  return db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id));
}

/** Whether an active admin other than `exceptId` exists (demoting `exceptId` leaves someone in charge). */
export async function anotherActiveAdmin(db: Db, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}
