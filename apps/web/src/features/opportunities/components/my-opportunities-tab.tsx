import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import ChartColumn from 'lucide-react/icons/chart-column';
import Eye from 'lucide-react/icons/eye';
import Handshake from 'lucide-react/icons/handshake';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import { OPPORTUNITY_STATUSES, type OpportunityStatus } from '@safqa/shared/constants';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { OpportunityLogo } from '@/components/opportunity-card';
import { Pagination } from '@/components/pagination';
import { StatusBadge } from '@/components/status-badge';
import { buttonClasses } from '@/components/ui/button';
import { formatDate, formatNumber } from '@/lib/format';
import { asLanguage, opportunityTitle } from '@/lib/localized';
import { useMyOpportunities, type MySort } from '../api/get-my-opportunities';
import { InsightsPanel } from './insights/insights-panel';
import { Select } from '@/components/ui/select';

const SORTS: MySort[] = ['newest', 'oldest', 'offers'];

/**
 * The "my opportunities" tab of /profile: status filter, sort by date or by offers, status badges and
 * the rejection reason. Filter, sort and page live in the URL beside `?tab=` (myStatus, mySort, myPage).
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('myStatus');
  const status = (OPPORTUNITY_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as OpportunityStatus)
    : null;
  const sortParam = params.get('mySort') as MySort | null;
  const sort = sortParam && SORTS.includes(sortParam) ? sortParam : 'newest';
  const page = Math.max(1, Number.parseInt(params.get('myPage') ?? '1', 10) || 1);
  const mine = useMyOpportunities({ status, sort, page });
  const [openInsights, setOpenInsights] = useState<ReadonlySet<number>>(new Set());
  const toggleInsights = (id: number) =>
    setOpenInsights((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('myPage' in changes)) next.delete('myPage');
    setParams(next, { replace: true });
  };
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('myPage', String(p));
    return `?${next.toString()}`;
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('opportunities.mine.title')}</h2>
        <Link to="/opportunities/add" className={buttonClasses('primary', 'sm')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('opportunities.mine.add')}
        </Link>
      </div>
      <div className="flex flex-wrap gap-4">
        <label className="grid gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('opportunities.mine.status')}
          <Select value={status ?? ''} onChange={(event) => update({ myStatus: event.target.value || null })}>
            <option value="">{t('opportunities.mine.allStatuses')}</option>
            {OPPORTUNITY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`listings.status.${s}`)}
              </option>
            ))}
          </Select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('opportunities.mine.sort')}
          <Select value={sort} onChange={(event) => update({ mySort: event.target.value })}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`opportunities.mine.sorts.${s}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {mine.isPending ? (
        <RowsSkeleton />
      ) : mine.isError ? (
        <ErrorState error={mine.error} onRetry={() => void mine.refetch()} />
      ) : mine.data.data.length === 0 ? (
        <EmptyState
          title={status ? t('opportunities.mine.emptyStatus') : t('opportunities.mine.empty')}
          action={
            status ? undefined : (
              <Link to="/opportunities/add" className={buttonClasses('primary', 'md')}>
                {t('opportunities.mine.add')}
              </Link>
            )
          }
        />
      ) : (
        <>
          <ul className="grid gap-3">
            {mine.data.data.map((o) => (
              <li
                key={o.id}
                className="grid gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
              >
                <div className="flex flex-wrap items-start gap-3">
                  <OpportunityLogo logo={o.logo} className="size-12" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-bold text-slate-900 dark:text-white" dir="auto">
                        <Link
                          to={`/opportunities/${o.id}`}
                          className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                        >
                          {opportunityTitle(o, lng)}
                        </Link>
                      </h3>
                      <StatusBadge status={o.status} />
                    </div>
                    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                      <span>{t('opportunities.mine.created', { date: formatDate(o.createdAt, lng) })}</span>
                      <span className="inline-flex items-center gap-1">
                        <Handshake aria-hidden="true" className="size-4" />
                        {t('opportunities.mine.offers', {
                          count: o.offersCount,
                          formatted: formatNumber(o.offersCount, lng),
                        })}
                      </span>
                      <span className="inline-flex items-center gap-1">
                        <Eye aria-hidden="true" className="size-4" />
                        {t('opportunities.mine.views', {
                          count: o.viewsCount,
                          formatted: formatNumber(o.viewsCount, lng),
                        })}
                      </span>
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={buttonClasses('secondary', 'sm')}
                      aria-expanded={openInsights.has(o.id)}
                      aria-controls={`insights-panel-${o.id}`}
                      aria-label={t('insights.panel.openNamed', { name: opportunityTitle(o, lng) })}
                      onClick={() => toggleInsights(o.id)}
                    >
                      <ChartColumn aria-hidden="true" className="size-4" />
                      {t('insights.panel.open')}
                    </button>
                    <Link
                      to={`/opportunities/${o.id}/edit`}
                      className={buttonClasses('secondary', 'sm')}
                      aria-label={t('opportunities.mine.editNamed', { name: opportunityTitle(o, lng) })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      {t('opportunities.owner.edit')}
                    </Link>
                  </div>
                </div>
                {openInsights.has(o.id) ? (
                  <div id={`insights-panel-${o.id}`}>
                    <InsightsPanel id={o.id} name={opportunityTitle(o, lng)} />
                  </div>
                ) : null}
                {o.status === 'rejected' && o.rejectionReason ? (
                  <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
                    <strong>{t('opportunities.owner.rejectionReason')}: </strong>
                    {o.rejectionReason}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={mine.data.pagination.totalPages} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
