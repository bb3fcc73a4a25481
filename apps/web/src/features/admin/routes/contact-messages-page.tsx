import { useLanguage, useTranslation } from '@/lib/use-translation';
import Mail from 'lucide-react/icons/mail';
import { Pager } from '@/components/pager';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useContactMessages } from '../api/get-contact-messages';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { SearchForm } from '../components/search-form';
import { useQueryParams } from '../components/use-query-params';
import { Card } from '@/components/ui/card';

/** /admin/contact-messages?q=&page=: what visitors wrote through the contact form, newest first. */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { params, update, page } = useQueryParams();
  const q = params.get('q') ?? '';
  const messages = useContactMessages(q, page);

  return (
    <>
      <PageHeader title={t('admin.contact.title')} description={t('admin.contact.subtitle')} />
      <SearchForm
        label={t('admin.contact.search')}
        value={q}
        onSearch={(next) => update({ q: next, page: null })}
      />
      {messages.isPending ? (
        <LoadingState />
      ) : messages.isError ? (
        <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.data.length === 0 ? (
        <EmptyState title={q ? t('admin.contact.noResults', { q }) : t('admin.contact.empty')} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {t('admin.contact.count', {
              count: messages.data.pagination.total,
              formatted: formatNumber(messages.data.pagination.total, lng),
            })}
          </p>
          <ul className="grid gap-3" aria-busy={messages.isFetching || undefined}>
            {messages.data.data.map((m) => (
              <Card as="li" key={m.id} className="grid gap-2 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-bold text-slate-900 dark:text-white">
                    <bdi>{m.name}</bdi>
                  </h2>
                  <time dateTime={m.createdAt} className="text-sm text-slate-600 dark:text-slate-400">
                    {formatDateTime(m.createdAt, lng)}
                  </time>
                </div>
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <a
                    href={`mailto:${m.email}`}
                    className="inline-flex items-center gap-1 font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
                  >
                    <Mail aria-hidden="true" className="size-4" />
                    <bdi dir="ltr">{m.email}</bdi>
                  </a>
                  <span className="rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                    {t(`admin.contact.language.${m.language}`)}
                  </span>
                </p>
                <p
                  lang={m.language}
                  dir="auto"
                  className="text-start whitespace-pre-line text-slate-800 dark:text-slate-200"
                >
                  {m.message}
                </p>
              </Card>
            ))}
          </ul>
          <Pager
            page={messages.data.pagination.page}
            totalPages={messages.data.pagination.totalPages}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
