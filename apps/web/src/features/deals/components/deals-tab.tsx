import { useState } from 'react';
import { Link } from 'react-router';
import type { DealSummary } from '@safqa/shared/validation/deals';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { Pager } from '@/components/pager';
import { Card } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useDeals } from '../api/get-deals';
import { DealStageBadge } from './deal-stage-badge';

function DealRow({ deal }: { deal: DealSummary }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const card = deal.opportunity;
  const other = deal.you === 'seller' ? deal.buyer : deal.seller;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="grid min-w-0 gap-1">
        <h3 className="truncate font-bold text-slate-900 dark:text-white" dir="auto">
          <Link
            to={`/deals/${deal.id}`}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {lng === 'ar' ? card.opportunityNameAr : card.opportunityName}
          </Link>
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {deal.you ? `${t(`deals.side.${deal.you}`)} · ` : ''}
          {t('deals.list.with', { name: other.username })}
        </p>
        <time dateTime={deal.updatedAt} className="text-xs text-slate-500 dark:text-slate-400">
          {formatDate(deal.updatedAt, lng)}
        </time>
      </div>
      <DealStageBadge stage={deal.stage} />
    </li>
  );
}

/** /profile?tab=deals: the caller's deals with their stage. */
export function Component() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deals = useDeals(page);
  return (
    <section aria-labelledby="deals-title" className="grid gap-4">
      <h2 id="deals-title" className="text-xl font-bold text-slate-900 dark:text-white">
        {t('deals.list.title')}
      </h2>
      {deals.isPending ? <RowsSkeleton /> : null}
      {deals.isError ? (
        <ErrorState
          title={t('deals.list.loadFailed')}
          error={deals.error}
          onRetry={() => void deals.refetch()}
        />
      ) : null}
      {deals.data && deals.data.data.length === 0 ? (
        <EmptyState
          title={t('deals.list.empty')}
          body={t('deals.list.emptyBody')}
          action={
            <Link to="/search" className={buttonClasses('primary', 'md')}>
              {t('deals.list.browse')}
            </Link>
          }
        />
      ) : null}
      {deals.data && deals.data.data.length > 0 ? (
        <Card as="ul" className="divide-y divide-slate-200 dark:divide-slate-800">
          {deals.data.data.map((deal) => (
            <DealRow key={deal.id} deal={deal} />
          ))}
        </Card>
      ) : null}
      {deals.data ? (
        <Pager page={page} totalPages={deals.data.pagination.totalPages} onPage={setPage} />
      ) : null}
    </section>
  );
}
