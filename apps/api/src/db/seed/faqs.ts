import { count } from 'drizzle-orm';
import { searchTextOf } from '@safqa/shared/arabic-normalise';
import type { Db } from '../client';
import { faqs } from '../schema/content';
import { FAQS } from './data/faqs';

/**
 * Inserts the starting FAQ only into an empty table: once any FAQ exists, the list belongs to the
 * admins, and their edits and deletions are never undone. Returns how many rows were inserted.
 */
export async function seedFaqs(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(faqs);
    if ((existing?.n ?? 0) > 0) return 0;
    await tx.insert(faqs).values(
      FAQS.map((faq, index) => ({
        ...faq,
        searchText: searchTextOf(faq.questionAr, faq.answerAr, faq.questionEn, faq.answerEn),
        sortOrder: index + 1,
      })),
    );
    return FAQS.length;
  });
}
