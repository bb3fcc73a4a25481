import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { faqs } from '../../db/schema/content';
import type { Faq } from '@safqa/shared/validation/faqs';

/**
 * Every FAQ with its normalised search text, in display order: the list is short and admin-made, and
 * the search by word forms (packages/shared word-forms) runs on it in the service.
 */
export async function selectFaqs(db: Db): Promise<Array<Faq & { searchText: string }>> {
  return db
    .select({
      id: faqs.id,
      questionAr: faqs.questionAr,
      answerAr: faqs.answerAr,
      questionEn: faqs.questionEn,
      answerEn: faqs.answerEn,
      searchText: faqs.searchText,
    })
    .from(faqs)
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

// Admin

const adminColumns = {
  id: faqs.id,
  questionAr: faqs.questionAr,
  answerAr: faqs.answerAr,
  questionEn: faqs.questionEn,
  answerEn: faqs.answerEn,
  sortOrder: faqs.sortOrder,
  updatedAt: faqs.updatedAt,
};
export type AdminFaqRow = { [K in keyof typeof adminColumns]: (typeof faqs.$inferSelect)[K] };

export interface FaqValues {
  questionAr: string;
  answerAr: string;
  questionEn: string;
  answerEn: string;
  searchText: string;
  sortOrder?: number | undefined;
}

export function selectAdminFaqs(db: Db): Promise<AdminFaqRow[]> {
  return db.select(adminColumns).from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

export async function selectAdminFaq(db: Db, id: number): Promise<AdminFaqRow | null> {
  const [row] = await db.select(adminColumns).from(faqs).where(eq(faqs.id, id)).limit(1);
  return row ?? null;
}

/** A new FAQ; without a sort order it goes after the last one. */
export async function insertFaq(db: Db, values: FaqValues): Promise<AdminFaqRow> {
  const [row] = await db
    .insert(faqs)
    .values({
      ...values,
      sortOrder: values.sortOrder ?? sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM faqs)`,
    })
    .returning(adminColumns);
  return row!;
}

export async function updateFaq(db: Db, id: number, values: FaqValues): Promise<AdminFaqRow | null> {
  const { sortOrder, ...texts } = values;
  const [row] = await db
    .update(faqs)
    .set({ ...texts, ...(sortOrder === undefined ? {} : { sortOrder }), updatedAt: sql`now()` })
    .where(eq(faqs.id, id))
    .returning(adminColumns);
  return row ?? null;
}

export async function deleteFaq(db: Db, id: number): Promise<boolean> {
  const deleted = await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
  return deleted.length > 0;
}

/**
 * Sets the display order to the order of `ids` (10, 20, 30…, leaving room for single edits) in one
 * transaction, and only if `ids` is exactly the set of FAQs: false (nothing changed) otherwise.
 */
export async function reorderFaqs(db: Db, ids: number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Lock the table's rows so a FAQ added meanwhile cannot slip between the check and the update.
    const current = await tx.select({ id: faqs.id }).from(faqs).for('update');
    const known = new Set(current.map((r) => r.id));
    if (known.size !== ids.length || !ids.every((id) => known.has(id))) return false;
    const cases = sql.join(
      ids.map((id, index) => sql`WHEN ${id}::int THEN ${(index + 1) * 10}::int`),
      sql` `,
    );
    await tx
      .update(faqs)
      .set({ sortOrder: sql`CASE ${faqs.id} ${cases} END`, updatedAt: sql`now()` })
      .where(inArray(faqs.id, ids));
    return true;
  });
}
