import { searchTextOf } from '@safqa/shared/arabic-normalise';
import { matchesWordForms } from '@safqa/shared/word-forms';
import type { AdminFaq, Faq, FaqInput } from '@safqa/shared/validation/faqs';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/service';
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

/**
 * The FAQs (API.md "FAQs"): the public list and its search, and the admin writes, each audited in
 * its own transaction.
 */
export function createFaqsService(deps: { db: Db; audit: Pick<AuditService, 'audited'> }) {
  const { db, audit } = deps;

  const listAdmin = async (executor: Db = db): Promise<AdminFaq[]> =>
    (await selectAdminFaqs(executor)).map(toAdminFaq);

  return {
    /**
     * The search folds case, accents, diacritics and letter variants the same way writers fill
     * faqs.search_text (searchTextOf), so 'مكة' finds 'مكه'; every term must match, as a substring or
     * as another form of the word (العروض finds عرضًا, توثيق finds موثّقة, fees finds fee). The same
     * matcher filters the list in the browser as the user types, so both agree.
     */
    async list(search?: string): Promise<Faq[]> {
      const rows = await selectFaqs(db);
      return rows
        .filter((row) => !search || matchesWordForms(row.searchText, search))
        .map(({ searchText: _searchText, ...faq }) => faq);
    },

    // Admin

    listAdmin: () => listAdmin(),

    create(input: FaqInput): Promise<AdminFaq> {
      return audit.audited(
        async (tx) => toAdminFaq(await insertFaq(tx, valuesOf(input))),
        (faq) => ({ action: 'faq.create', targetType: 'faq', targetId: faq.id }),
      );
    },

    update(id: number, input: FaqInput): Promise<AdminFaq> {
      return audit.audited(
        async (tx) => {
          const row = await updateFaq(tx, id, valuesOf(input));
          if (!row) throw new AppError(404, 'NOT_FOUND');
          return toAdminFaq(row);
        },
        (faq) => ({ action: 'faq.update', targetType: 'faq', targetId: faq.id }),
      );
    },

    remove(id: number): Promise<void> {
      return audit.audited(
        async (tx) => {
          if (!(await deleteFaq(tx, id))) throw new AppError(404, 'NOT_FOUND');
        },
        () => ({ action: 'faq.delete', targetType: 'faq', targetId: id }),
      );
    },

    /** 400 on `ids` unless it names every FAQ exactly once (the list changed since it was read). */
    reorder(ids: number[]): Promise<AdminFaq[]> {
      return audit.audited(
        async (tx) => {
          if (!(await reorderFaqs(tx, ids))) {
            throw new AppError(400, 'VALIDATION_FAILED', { fields: { ids: 'order_mismatch' } });
          }
          return listAdmin(tx);
        },
        () => ({ action: 'faq.reorder', targetType: 'faq', details: { ids } }),
      );
    },
  };
}

export type FaqsService = ReturnType<typeof createFaqsService>;
