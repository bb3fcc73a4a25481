import { HydrationSlice } from '@/components/hydration-slice';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { matchesWordForms } from '@safqa/shared/word-forms';
import { Spinner } from '@/components/ui/spinner';
import { buttonClasses } from '@/components/ui/button';
import type { PageHandle } from '@/lib/page-handle';
import { faqsQuery, useFaqs } from '../api/get-faqs';
import { FaqList, faqText } from '../components/faq-list';
import { FaqSearch } from '../components/faq-search';
import { FALLBACK_FAQS } from '../fallback-faqs';

/** Rendered on the server with every FAQ (the local filter then works before any request). */
export const handle: PageHandle = {
  ssr: true,
  prefetch: async ({ queryClient }) => {
    await queryClient.prefetchQuery(faqsQuery(''));
  },
  head: ({ t }) => ({
    title: `${t('faqs.title')} | ${t('common.appName')}`,
    description: t('faqs.subtitle'),
  }),
};

/**
 * /faq (SPEC.md sections 2, 4, 5, 8): the list filters locally as the user types (Arabic-normalised,
 * case-insensitive, word forms, on question and answer in the UI language); submitting also sends the
 * term to the server, whose answer for that term is shown as it comes (it searches both languages,
 * so an Arabic word on the English page still finds its questions). A failed fetch shows the two
 * built-in items.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const [input, setInput] = useState('');
  const [serverSearch, setServerSearch] = useState('');
  const faqs = useFaqs(serverSearch);

  const source = faqs.isError ? FALLBACK_FAQS : (faqs.data ?? []);
  const searchedByServer = serverSearch !== '' && serverSearch === input.trim() && faqs.isSuccess;
  const items = source
    .map((faq) => faqText(faq, i18n.language))
    .filter(
      (item) => searchedByServer || matchesWordForms(`${item.question ?? ''} ${item.answer ?? ''}`, input),
    );
  const searching = input.trim() !== '' || serverSearch !== '';

  return (
    <>
      <title>{`${t('faqs.title')} | ${t('common.appName')}`}</title>
      <section className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white dark:border-slate-800 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-3xl px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            {t('faqs.title')}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            {t('faqs.subtitle')}
          </p>
          <div className="mt-8">
            <HydrationSlice>
              <FaqSearch value={input} onChange={setInput} onSubmit={setServerSearch} />
            </HydrationSlice>
          </div>
        </div>
      </section>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        {faqs.isPending ? (
          <Spinner label={t('faqs.loading')} />
        ) : items.length === 0 ? (
          <div
            role="status"
            className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
          >
            <p className="font-semibold text-slate-900 dark:text-slate-100">
              {searching ? t('faqs.noResults') : t('faqs.empty')}
            </p>
            {searching ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('faqs.noResultsHint')}</p>
            ) : null}
          </div>
        ) : (
          <HydrationSlice>
            <FaqList items={items} />
          </HydrationSlice>
        )}
        <div className="mt-12 flex flex-col items-center gap-4 rounded-2xl bg-slate-50 px-6 py-8 text-center sm:flex-row sm:justify-between sm:text-start dark:bg-slate-900">
          <div>
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('faqs.moreTitle')}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('faqs.moreBody')}</p>
          </div>
          <Link to="/contact" className={buttonClasses('secondary', 'md', 'shrink-0')}>
            {t('faqs.contactUs')}
          </Link>
        </div>
      </div>
    </>
  );
}
