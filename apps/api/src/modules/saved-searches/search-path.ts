import type { SavedSearchQuery } from '@safqa/shared/validation/saved-searches';

/** /search with a saved search's filters, as the web app writes its URL (newest first, page 1). */
export function searchPath(query: SavedSearchQuery): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'businessTypeId', 'regionId', 'cityId', 'type', 'minAmount', 'maxAmount'] as const) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  params.set('sort', 'newest');
  params.set('page', '1');
  return `/search?${params.toString()}`;
}
