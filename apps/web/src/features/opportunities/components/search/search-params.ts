import {
  OPPORTUNITY_TYPES,
  SEARCH_SORTS,
  type OpportunityType,
  type SearchSort,
} from '@safqa/shared/constants';

/**
 * The search page's state lives in the URL (SPEC.md section 2: businessTypeId, sort, page and the
 * rest), so back, forward, reload and shared links all show the same results. Unknown or malformed
 * values fall back to "not set", never to an error.
 */
export interface SearchState {
  q: string;
  businessTypeId: number | null;
  regionId: number | null;
  cityId: number | null;
  type: OpportunityType | null;
  minAmount: number | null;
  maxAmount: number | null;
  sort: SearchSort;
  page: number;
}

export const DEFAULT_SEARCH: SearchState = {
  q: '',
  businessTypeId: null,
  regionId: null,
  cityId: null,
  type: null,
  minAmount: null,
  maxAmount: null,
  sort: 'newest',
  page: 1,
};

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** Whole riyals, as the API takes them: a link with a fraction (`minAmount=1.5`) is "not set", not a failed search. */
function amount(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) && number <= 1e13 ? number : null;
}

export function parseSearchParams(params: URLSearchParams): SearchState {
  const sort = params.get('sort');
  const type = params.get('type');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    businessTypeId: positiveInt(params.get('businessTypeId')),
    regionId: positiveInt(params.get('regionId')),
    cityId: positiveInt(params.get('cityId')),
    type: (OPPORTUNITY_TYPES as readonly string[]).includes(type ?? '') ? (type as OpportunityType) : null,
    minAmount: amount(params.get('minAmount')),
    maxAmount: amount(params.get('maxAmount')),
    sort: (SEARCH_SORTS as readonly string[]).includes(sort ?? '') ? (sort as SearchSort) : 'newest',
    page: Math.min(positiveInt(params.get('page')) ?? 1, 10_000),
  };
}

/** The URL query of a state: filters that are set, then sort and page (always, as the category links write them). */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.businessTypeId) params.set('businessTypeId', String(state.businessTypeId));
  if (state.regionId) params.set('regionId', String(state.regionId));
  if (state.cityId) params.set('cityId', String(state.cityId));
  if (state.type) params.set('type', state.type);
  if (state.minAmount !== null) params.set('minAmount', String(state.minAmount));
  if (state.maxAmount !== null) params.set('maxAmount', String(state.maxAmount));
  params.set('sort', state.sort);
  params.set('page', String(state.page));
  return params;
}

/** A new state after a filter change: any change but the page itself starts again at page 1. */
export function withChanges(state: SearchState, changes: Partial<SearchState>): SearchState {
  const next = { ...state, ...changes };
  if (!('page' in changes)) next.page = 1;
  return next;
}

/** The API query of GET /api/opportunities for a state. */
export function apiQuery(state: SearchState, pageSize = 12): Record<string, string | number> {
  const query: Record<string, string | number> = Object.fromEntries(toSearchParams(state));
  query.pageSize = pageSize;
  return query;
}

/** How many filters (not sort or page) are set: shown on the mobile filters button. */
export function activeFilterCount(state: SearchState): number {
  return [
    state.q,
    state.businessTypeId,
    state.regionId,
    state.cityId,
    state.type,
    state.minAmount,
    state.maxAmount,
  ].filter((value) => value !== null && value !== '').length;
}
