import { and, desc, eq, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserQuery } from '@safqa/shared/validation/admin';
import { PLAIN_EMAIL } from '@safqa/shared/validation/common';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { COUNT_CAP } from '../../lib/paged';
import { decodeCursor, nextCursorOf } from '../../lib/keyset-cursor';
import { afterKeyset, cursorTimestamp } from '../../lib/keyset-timestamp';
import { escapeLike } from '../../lib/sql';

/**
 * The digits of `q` when it reads as (part of) a phone number, in the stored form: spaces, `+`,
 * dashes and brackets dropped, Arabic-Indic digits folded, a leading `00` dropped and a leading
 * `05` (the local way of writing a mobile) turned into `9665`. Null for anything else.
 */
export function phoneFragment(q: string): string | null {
  let digits = q
    .replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(/[\s+\-()]/g, '');
  if (!/^\d{3,}$/.test(digits)) return null;
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.startsWith('05')) digits = `966${digits.slice(1)}`;
  return digits;
}

/** True when `q` has no letter with an upper and a lower case (Arabic, digits): LIKE is ILIKE then. */
const caseless = (q: string) => q.toLowerCase() === q.toUpperCase();

/**
 * What `q` matches: a fragment of the username or the email, case-insensitively, or of the phone.
 * Plain LIKE / ILIKE on the columns, which the trigram GIN indexes of migration 0029 serve; the
 * user's `%` and `_` match literally. ILIKE only where case matters: Arabic has none, and emails are
 * stored lower-cased, and ILIKE folds every row's case first (a capped count of a common Arabic
 * family name at a million users: 187 ms with ILIKE, 57 ms with LIKE).
 */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  const phone = phoneFragment(q);
  return or(
    caseless(q) ? like(users.username, pattern) : ilike(users.username, pattern),
    // A whole address is looked up in the unique index: as a fragment its common trigrams (`com`,
    // the provider's name) made the GIN scan 50-100 ms at a million users.
    PLAIN_EMAIL.test(q)
      ? sql`lower(${users.email}) = ${q.toLowerCase()}`
      : like(users.email, `%${escapeLike(q.toLowerCase())}%`),
    phone ? like(users.phoneNumber, `%${phone}%`) : undefined,
  );
}

/**
 * A page of users, newest first, by offset (`page`) or after a cursor; with the count of every
 * match taken at most to COUNT_CAP (the caller caps it), and the cursor of the next page.
 */
export async function selectUsers(db: Db, query: AdminUserQuery) {
  const keyset = decodeCursor(query.cursor);
  const filter = and(matching(query.q), query.role ? eq(users.role, query.role) : undefined);
  const [found, counted] = await Promise.all([
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
        cursorAt: cursorTimestamp(users.createdAt),
      })
      .from(users)
      .where(and(filter, afterKeyset(users.createdAt, users.id, keyset)))
      .orderBy(desc(users.createdAt), desc(users.id))
      // One row more than the page tells whether there is a next one.
      .limit(query.pageSize + 1)
      .offset(keyset ? 0 : (query.page - 1) * query.pageSize),
    db.execute(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${users} WHERE ${filter ?? sql`true`} LIMIT ${COUNT_CAP}) AS capped`,
    ) as unknown as Promise<{ rows: { n: number }[] }>,
  ]);
  const { rows, nextCursor } = nextCursorOf(found, query.pageSize, (row) => ({
    value: row.cursorAt,
    id: row.id,
  }));
  return { rows, nextCursor, counted: Number(counted.rows[0]?.n ?? 0) };
}
