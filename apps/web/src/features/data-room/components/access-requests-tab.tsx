import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import type { Paged } from '@safqa/shared/validation/common';
import type { AccessRequestWithOpportunity } from '@safqa/shared/validation/data-room';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { buttonClasses } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { useMyAccessRequests } from '../api/get-my-access-requests';
import { useReceivedAccessRequests } from '../api/get-received-access-requests';
import { AccessStatusBadge } from './access-status-badge';
import { DecisionButtons } from './owner-data-room';
import { Pager } from '@/components/pager';
import { VerifiedBuyerBadge } from '@/components/verified-buyer-badge';

function RequestRow({ request, received }: { request: AccessRequestWithOpportunity; received: boolean }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const card = request.opportunity;
  return (
    <li className="grid gap-2 p-4 sm:p-5" data-request-id={request.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="min-w-0 truncate font-bold text-slate-900 dark:text-white" dir="auto">
          <Link
            to={`/opportunities/${card.id}`}
            className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {lng === 'ar' ? card.opportunityNameAr : card.opportunityName}
          </Link>
        </h4>
        <AccessStatusBadge status={request.status} />
      </div>
      {received ? (
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
          <span dir="auto">{t('data-room.tab.from', { name: request.requester.username })}</span>
          {request.requester.buyerVerified ? <VerifiedBuyerBadge /> : null}
        </p>
      ) : null}
      <p dir="auto" className="line-clamp-3 text-sm whitespace-pre-wrap text-slate-600 dark:text-slate-400">
        {request.message}
      </p>
      <time dateTime={request.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
        {t('data-room.tab.sentOn', { date: formatDate(request.createdAt, lng) })}
      </time>
      {received ? <DecisionButtons request={request} /> : null}
    </li>
  );
}

function RequestList({
  title,
  id,
  query,
  page,
  onPage,
  empty,
  received,
}: {
  title: string;
  id: string;
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data?: Paged<AccessRequestWithOpportunity>;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  received: boolean;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h3>
      {query.isPending ? <RowsSkeleton rows={2} /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.data.length === 0 ? empty : null}
      {query.data?.data.length ? (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {query.data.data.map((request) => (
            <RequestRow key={request.id} request={request} received={received} />
          ))}
        </ul>
      ) : null}
      {query.data ? (
        <Pager page={page} totalPages={query.data.pagination.totalPages} onPage={onPage} />
      ) : null}
    </section>
  );
}

/** /profile?tab=access-requests: the requests the user made, and those on the user's listings. */
export function Component() {
  const { t } = useTranslation();
  const [madePage, setMadePage] = useState(1);
  const [receivedPage, setReceivedPage] = useState(1);
  const made = useMyAccessRequests(madePage);
  const received = useReceivedAccessRequests(receivedPage);

  return (
    <div className="grid gap-8">
      <div>
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('data-room.tab.title')}</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('data-room.tab.subtitle')}</p>
      </div>
      <RequestList
        id="requests-made-title"
        title={t('data-room.tab.made')}
        query={made}
        page={madePage}
        onPage={setMadePage}
        received={false}
        empty={
          <EmptyState
            title={t('data-room.tab.madeEmpty')}
            action={
              <Link to="/search" className={buttonClasses('secondary', 'md')}>
                {t('data-room.tab.browse')}
              </Link>
            }
          />
        }
      />
      <RequestList
        id="requests-received-title"
        title={t('data-room.tab.received')}
        query={received}
        page={receivedPage}
        onPage={setReceivedPage}
        received
        empty={<EmptyState title={t('data-room.tab.receivedEmpty')} />}
      />
    </div>
  );
}
