/** The filters a saved search keeps, as /search writes them in its URL. */
export interface SearchPathFilters {
  q?: string;
  businessTypeId?: number;
  regionId?: number;
  cityId?: number;
  type?: 'invest' | 'buy';
  minAmount?: number;
  maxAmount?: number;
}

const KEYS = ['q', 'businessTypeId', 'regionId', 'cityId', 'type', 'minAmount', 'maxAmount'] as const;

/**
 * /search with these filters, newest first, page 1: the link of a saved search in the profile and
 * in alert emails. No zod here, so the web app's search page can import it cheaply.
 */
export function searchPath(filters: SearchPathFilters): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  params.set('sort', 'newest');
  params.set('page', '1');
  return `/search?${params.toString()}`;
}
