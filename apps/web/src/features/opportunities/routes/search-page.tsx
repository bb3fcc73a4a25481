import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { LIMITS, SEARCH_SORTS, type SearchSort } from '@safqa/shared/constants';
import { CardGridSkeleton, EmptyState, ErrorState } from '@/components/list-states';
import { HydrationSlice } from '@/components/hydration-slice';
import { OpportunityCard } from '@/components/opportunity-card';
import { SearchActionsSlot } from '@/components/search-actions-slot';
import { Pagination, reachablePages } from '@/components/pagination';
import { Button, buttonClasses } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { isApiError } from '@/lib/api-client';
import { asLanguage } from '@/lib/localized';
import { useMediaQuery } from '@/lib/use-media-query';
import type { PageHandle } from '@/lib/page-handle';
import type { SearchPathFilters } from '@safqa/shared/search-path';
import { citiesQuery } from '@/lib/cities';
import { lookupQuery } from '@/lib/lookups';
import { CommitSelect } from '@/components/ui/commit-select';
import { searchOpportunitiesQuery, useSearchOpportunities } from '../api/search-opportunities';
import { SearchFilters } from '../components/search/search-filters';
import {
  activeFilterCount,
  DEFAULT_SEARCH,
  parseSearchParams,
  toSearchParams,
  withChanges,
  type SearchState,
} from '../components/search/search-params';
import { cardClasses } from '@/components/ui/card';

/** Rendered on the server with the results of its query and the filters' lists. */
export const handle: PageHandle = {
  ssr: true,
  formats: ['number'],
  prefetch: async ({ queryClient, url }) => {
    await Promise.all([
      queryClient.prefetchQuery(searchOpportunitiesQuery(parseSearchParams(url.searchParams))),
      queryClient.prefetchQuery(lookupQuery('business-types')),
      queryClient.prefetchQuery(lookupQuery('regions')),
      queryClient.prefetchQuery(citiesQuery()),
    ]);
  },
  head: ({ t }) => ({
    title: `${t('opportunities.search.title')} | ${t('common.appName')}`,
    description: t('opportunities.search.subtitle'),
  }),
};

/** /search (SPEC.md section 2): filters, sort and page all in the URL. */
export function Component() {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const state = parseSearchParams(params);
  const results = useSearchOpportunities(state);
  const change = (changes: Partial<SearchState>) => setParams(toSearchParams(withChanges(state, changes)));
  const hrefFor = (page: number) => `?${toSearchParams({ ...state, page }).toString()}`;
  const filters = activeFilterCount(state);
  const wide = useMediaQuery('(min-width: 1024px)');
  // On a phone the filters are a long panel above the results: after a search it closes and the
  // results come into view, with the focus on the panel's toggle (the button pressed is hidden now).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);
  const resultsRef = useRef<HTMLElement>(null);
  const showResults = () => {
    setFiltersOpen(false);
    summaryRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>{`${t('opportunities.search.title')} | ${t('common.appName')}`}</title>
      <h1 className="text-3xl font-extrabold text-slate-900 dark:text-white">
        {t('opportunities.search.title')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('opportunities.search.subtitle')}</p>
      {/* Its own line, its height kept while the actions download: nothing below moves when they appear. */}
      <div className="mt-4 min-h-10">
        <HydrationSlice>
          <SearchActionsSlot filters={filtersOf(state)} />
        </HydrationSlice>
      </div>
      <div className="mt-4 grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="lg:sticky lg:top-20 lg:self-start">
          {/*
            One filters tree for both layouts: a phone's folding panel, a wide screen's open card. The
            server cannot know the width, so branching on it would remount the filters when the page
            hydrates on a wide screen and lose a choice made meanwhile. CSS opens the panel on wide
            screens before hydration (::details-content), `open` after it for browsers without that.
          */}
          <details
            open={wide || filtersOpen}
            onToggle={(event) => {
              if (!wide) setFiltersOpen(event.currentTarget.open);
            }}
            className={cardClasses(
              'p-4 lg:p-5 lg:details-content:[content-visibility:visible] lg:details-content:block',
            )}
          >
            <summary
              ref={summaryRef}
              className="flex cursor-pointer items-center gap-2 font-semibold text-slate-900 lg:hidden dark:text-white"
            >
              <SlidersHorizontal aria-hidden="true" className="size-5" />
              {t('opportunities.search.filters')}
              {filters ? (
                <span className="rounded-full bg-brand-700 px-2 text-xs text-white">
                  {formatNumber(filters, lng)}
                </span>
              ) : null}
            </summary>
            {/*
              Its heading once hydrated (the page names its filters once: the summary is the phone's), in
              a slot the server keeps as tall, so nothing moves and nothing after it remounts.
            */}
            {wide ? (
              <h2 className="mb-4 font-bold text-slate-900 dark:text-white">
                {t('opportunities.search.filters')}
              </h2>
            ) : (
              <div aria-hidden="true" className="mb-4 hidden h-6 lg:block" />
            )}
            <div className="mt-4 lg:mt-0">
              <HydrationSlice>
                <SearchFilters state={state} onChange={change} onSearched={wide ? undefined : showResults} />
              </HydrationSlice>
            </div>
          </details>
        </aside>
        <section ref={resultsRef} aria-labelledby="results-title" className="min-w-0 scroll-mt-20">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <h2
              id="results-title"
              aria-live="polite"
              className="font-semibold text-slate-700 dark:text-slate-300"
            >
              {results.isSuccess
                ? t('opportunities.search.count', {
                    count: results.data.pagination.total,
                    formatted: formatNumber(results.data.pagination.total, lng),
                  })
                : t('opportunities.search.results')}
            </h2>
            <label className="flex items-center gap-2 text-sm font-medium whitespace-nowrap text-slate-700 dark:text-slate-300">
              {t('opportunities.search.sort')}
              <CommitSelect
                className="w-auto"
                value={state.sort}
                onCommit={(value) => change({ sort: value as SearchSort })}
              >
                {SEARCH_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(`opportunities.search.sorts.${sort}`)}
                  </option>
                ))}
              </CommitSelect>
            </label>
          </div>
          {results.isPending ? (
            <CardGridSkeleton />
          ) : isApiError(results.error) && results.error.code === 'PAGE_TOO_DEEP' ? (
            // A typed ?page= past the 10,000th result: retrying cannot help, narrowing can.
            <EmptyState
              title={t('opportunities.search.tooDeepTitle')}
              body={t('opportunities.search.tooDeepBody', {
                max: formatNumber(LIMITS.pagedRowsMax, lng),
              })}
              action={
                <Link to={hrefFor(1)} className={buttonClasses('primary', 'md')}>
                  {t('opportunities.search.firstPage')}
                </Link>
              }
            />
          ) : results.isError ? (
            <ErrorState error={results.error} onRetry={() => void results.refetch()} />
          ) : results.data.data.length === 0 && results.data.pagination.total > 0 ? (
            // A page past the last one (an old link, a hand-typed ?page=999): say so and lead back.
            <EmptyState
              title={t('opportunities.search.pastEndTitle')}
              body={t('opportunities.search.pastEndBody', {
                count: results.data.pagination.totalPages,
                pages: formatNumber(results.data.pagination.totalPages, lng),
              })}
              action={
                <div className="flex flex-wrap justify-center gap-2">
                  <Link
                    to={hrefFor(
                      reachablePages(results.data.pagination.totalPages, results.data.pagination.pageSize),
                    )}
                    className={buttonClasses('primary', 'md')}
                  >
                    {t('opportunities.search.lastPage')}
                  </Link>
                  {results.data.pagination.totalPages > 1 ? (
                    <Link to={hrefFor(1)} className={buttonClasses('secondary', 'md')}>
                      {t('opportunities.search.firstPage')}
                    </Link>
                  ) : null}
                </div>
              }
            />
          ) : results.data.data.length === 0 ? (
            <EmptyState
              title={t('opportunities.search.emptyTitle')}
              body={t('opportunities.search.emptyBody')}
              action={
                filters ? (
                  <Button variant="secondary" onClick={() => setParams(toSearchParams(DEFAULT_SEARCH))}>
                    {t('opportunities.search.reset')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <HydrationSlice>
              <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {results.data.data.map((card, index) => (
                  <li key={card.id} className="grid">
                    <OpportunityCard opportunity={card} eager={index === 0} />
                  </li>
                ))}
              </ul>
              <Pagination
                className="mt-10"
                page={state.page}
                totalPages={reachablePages(
                  results.data.pagination.totalPages,
                  results.data.pagination.pageSize,
                )}
                hrefFor={hrefFor}
              />
            </HydrationSlice>
          )}
        </section>
      </div>
    </div>
  );
}

/** The filters of the page's state, without sort and page (what a saved search keeps). */
function filtersOf(state: SearchState): SearchPathFilters {
  const filters: SearchPathFilters = {};
  if (state.q.trim()) filters.q = state.q.trim();
  if (state.businessTypeId) filters.businessTypeId = state.businessTypeId;
  if (state.regionId) filters.regionId = state.regionId;
  if (state.cityId) filters.cityId = state.cityId;
  if (state.type) filters.type = state.type;
  if (state.minAmount !== null) filters.minAmount = state.minAmount;
  if (state.maxAmount !== null) filters.maxAmount = state.maxAmount;
  return filters;
}
