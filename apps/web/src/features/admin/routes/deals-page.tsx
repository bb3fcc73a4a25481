import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '@/components/pager';
import { Card } from '@/components/ui/card';
import { formatDate, formatNumber } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useAdminDeals } from '../api/get-deals';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { useQueryParams } from '../components/use-query-params';

const DAY_MS = 24 * 60 * 60 * 1000;

/** /admin/deals: every deal with its stage, parties and age, for support (read only). */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { update, page } = useQueryParams();
  const deals = useAdminDeals(page);
  // The page's own clock: ages are counted from when it opened.
  const [now] = useState(() => Date.now());
  return (
    <>
      <PageHeader title={t('admin.deals.title')} description={t('admin.deals.subtitle')} />
      {deals.isPending ? (
        <LoadingState />
      ) : deals.isError ? (
        <ErrorState error={deals.error} onRetry={() => void deals.refetch()} />
      ) : deals.data.data.length === 0 ? (
        <EmptyState title={t('admin.deals.empty')} />
      ) : (
        <>
          <ul className="grid gap-3" aria-busy={deals.isFetching || undefined}>
            {deals.data.data.map((d) => {
              const days = Math.max(0, Math.floor((now - Date.parse(d.createdAt)) / DAY_MS));
              return (
                <Card as="li" key={d.id} className="grid gap-2 p-4">
                  <h2 className="font-bold text-slate-900 dark:text-white" dir="auto">
                    <Link to={`/deals/${d.id}`} className="hover:underline">
                      {lng === 'ar' ? d.opportunity.opportunityNameAr : d.opportunity.opportunityName}
                    </Link>
                  </h2>
                  <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('admin.deals.stage')}</dt>
                      <dd className="font-semibold">{t(`admin.deals.stages.${d.stage}`)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('admin.deals.seller')}</dt>
                      <dd>
                        <bdi>{d.seller.username}</bdi>
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('admin.deals.buyer')}</dt>
                      <dd>
                        <bdi>{d.buyer.username}</bdi>
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600 dark:text-slate-400">{t('admin.deals.age')}</dt>
                      <dd>
                        <time dateTime={d.createdAt} title={formatDate(d.createdAt, lng)}>
                          {t('admin.deals.days', { count: days, formatted: formatNumber(days, lng) })}
                        </time>
                      </dd>
                    </div>
                  </dl>
                </Card>
              );
            })}
          </ul>
          <Pager
            page={deals.data.pagination.page}
            totalPages={deals.data.pagination.totalPages}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
