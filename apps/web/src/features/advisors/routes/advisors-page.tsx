import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { CardGridSkeleton, EmptyState, ErrorState } from '@/components/list-states';
import { Pagination } from '@/components/pagination';
import { UnavailableNotice } from '@/components/unavailable-notice';
import { isApiError } from '@/lib/api-client';
import { useOpportunity } from '@/lib/get-opportunity';
import { lookupName, useLookup } from '@/lib/lookups';
import { asLanguage, localized } from '@/lib/localized';
import { isOpportunityId, parseOpportunityId } from '@/lib/opportunity-id';
import { useAdvisors, type AdvisorSort } from '../api/get-advisors';
import { AdvisorCard } from '../components/advisor-card';
import { Select } from '@/components/ui/select';

const SORTS: AdvisorSort[] = ['experience', 'newest'];

/** /opportunities/{id}/advisors: advisors for the opportunity's sector (or another), sorted, paged; all in the URL. */
export function Component() {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const id = parseOpportunityId(useParams().id);
  const [params, setParams] = useSearchParams();
  const businessTypeId = Number.parseInt(params.get('businessTypeId') ?? '', 10) || null;
  const sortParam = params.get('sort') as AdvisorSort | null;
  const sort = sortParam && SORTS.includes(sortParam) ? sortParam : 'experience';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const opportunity = useOpportunity(id);
  const advisors = useAdvisors(id, { businessTypeId, sort, page });
  const businessTypes = useLookup('business-types');
  const name = opportunity.data ? localized(opportunity.data.nameAr, opportunity.data.name, lng) : '';
  const selectedType = businessTypeId ?? opportunity.data?.businessType.id ?? '';

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete('page');
    setParams(next);
  };

  const gone =
    !isOpportunityId(id) ||
    [opportunity.error, advisors.error].some((error) => isApiError(error) && error.status === 404);
  if (gone) return <ListingGone />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>{`${t('advisors.title')} | ${t('common.appName')}`}</title>
      <Link
        to={`/opportunities/${id}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowRight aria-hidden="true" className="size-4 ltr:-scale-x-100" />
        {t('advisors.back')}
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold text-slate-900 dark:text-white">{t('advisors.title')}</h1>
      {name ? <p className="mt-2 text-slate-600 dark:text-slate-400">{t('advisors.for', { name })}</p> : null}
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('advisors.privacy')}</p>
      <div className="mt-8 mb-6 flex flex-wrap gap-4">
        <label className="grid gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('advisors.sector')}
          <Select
            value={selectedType}
            onChange={(event) => update({ businessTypeId: event.target.value || null })}
          >
            {businessTypes.data?.map((type) => (
              <option key={type.id} value={type.id}>
                {lookupName(type, lng)}
              </option>
            ))}
          </Select>
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('advisors.sort')}
          <Select value={sort} onChange={(event) => update({ sort: event.target.value })}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`advisors.sorts.${s}`)}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {advisors.isPending ? (
        <CardGridSkeleton count={3} />
      ) : advisors.isError ? (
        <ErrorState error={advisors.error} onRetry={() => void advisors.refetch()} />
      ) : advisors.data.data.length === 0 ? (
        <EmptyState title={t('advisors.emptyTitle')} body={t('advisors.emptyBody')} />
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {advisors.data.data.map((advisor) => (
              <li key={advisor.id}>
                <AdvisorCard advisor={advisor} opportunityId={id} />
              </li>
            ))}
          </ul>
          <Pagination
            className="mt-10"
            page={page}
            totalPages={advisors.data.pagination.totalPages}
            hrefFor={(p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p));
              return `?${next.toString()}`;
            }}
          />
        </>
      )}
    </div>
  );
}

/** A listing that does not exist or is not public: nothing to advise on, and Retry could never help. */
function ListingGone() {
  const { t } = useTranslation();
  return (
    <UnavailableNotice
      title={t('advisors.notFound.title')}
      body={t('advisors.notFound.body')}
      to="/search"
      action={t('advisors.notFound.search')}
    />
  );
}
