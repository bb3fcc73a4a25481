import { count, desc, ilike, or } from 'drizzle-orm';
import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/content';
import { escapeLike } from '../../lib/sql';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  language: Language;
}

export async function insertContactMessage(executor: Db, values: NewContactMessage): Promise<number> {
  const [row] = await executor.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact_messages insert returned no row');
  return row.id;
}

// Admin

/** A page of stored messages, newest first; `q` matches name, email or message, case-insensitively. */
export async function selectContactMessages(
  db: Db,
  query: { q?: string | undefined; page: number; pageSize: number },
) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : null;
  const where = pattern
    ? or(
        ilike(contactMessages.name, pattern),
        ilike(contactMessages.email, pattern),
        ilike(contactMessages.message, pattern),
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}
