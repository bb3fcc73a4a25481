import { searchTextOf } from '@safqa/shared/arabic-normalise';
import { matchesWordForms } from '@safqa/shared/word-forms';
import type { AdminFaq, Faq, FaqInput } from '@safqa/shared/validation/faqs';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import {
  deleteFaq,
  insertFaq,
  reorderFaqs,
  selectAdminFaqs,
  selectFaqs,
  updateFaq,
  type AdminFaqRow,
  type FaqValues,
} from './repository';

/**
 * The search folds case, accents, diacritics and letter variants the same way writers fill
 * faqs.search_text (searchTextOf), so 'مكة' finds 'مكه'; every term must match, as a substring or as
 * another form of the word (العروض finds عرضًا, توثيق finds موثّقة, fees finds fee). The same matcher
 * filters the list in the browser as the user types, so both agree.
 */
export async function listFaqs(db: Db, search?: string): Promise<Faq[]> {
  const rows = await selectFaqs(db);
  return rows
    .filter((row) => !search || matchesWordForms(row.searchText, search))
    .map(({ searchText: _searchText, ...faq }) => faq);
}

// Admin

function toAdminFaq(row: AdminFaqRow): AdminFaq {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The stored values of an input: search_text is always rebuilt from the four texts (searchTextOf). */
function valuesOf(input: FaqInput): FaqValues {
  return {
    questionAr: input.questionAr,
    answerAr: input.answerAr,
    questionEn: input.questionEn,
    answerEn: input.answerEn,
    searchText: searchTextOf(input.questionAr, input.answerAr, input.questionEn, input.answerEn),
    sortOrder: input.sortOrder,
  };
}

export async function listAdminFaqs(db: Db): Promise<AdminFaq[]> {
  return (await selectAdminFaqs(db)).map(toAdminFaq);
}

export async function createFaq(db: Db, input: FaqInput): Promise<AdminFaq> {
  return toAdminFaq(await insertFaq(db, valuesOf(input)));
}

export async function updateFaqItem(db: Db, id: number, input: FaqInput): Promise<AdminFaq> {
  const row = await updateFaq(db, id, valuesOf(input));
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return toAdminFaq(row);
}

export async function deleteFaqItem(db: Db, id: number): Promise<void> {
  if (!(await deleteFaq(db, id))) throw new AppError(404, 'NOT_FOUND');
}

/** 400 on `ids` unless it names every FAQ exactly once (the list changed since it was read). */
export async function reorderFaqItems(db: Db, ids: number[]): Promise<AdminFaq[]> {
  if (!(await reorderFaqs(db, ids))) {
    throw new AppError(400, 'VALIDATION_FAILED', { fields: { ids: 'order_mismatch' } });
  }
  return listAdminFaqs(db);
}
