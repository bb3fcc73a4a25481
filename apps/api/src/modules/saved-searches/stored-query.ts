import { savedSearchQuery, type SavedSearchQuery } from '@safqa/shared/validation/saved-searches';

/**
 * A stored search's criteria with whole amounts. Saves are validated, but rows kept from before
 * amounts had to be whole riyals (or written by an older process during a deploy) may hold a
 * fraction: it is read as what it meant, since amounts are whole (`>= 1.5` is `>= 2`, `<= 1.5` is
 * `<= 1`). The list shows the same, so editing such a search sends back values that pass.
 */
export function roundedAmounts<T>(stored: T): T {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return stored;
  const query = { ...stored } as Record<string, unknown>;
  if (typeof query.minAmount === 'number') query.minAmount = Math.ceil(query.minAmount);
  if (typeof query.maxAmount === 'number') query.maxAmount = Math.floor(query.maxAmount);
  return query as T;
}

/** The criteria as the alert jobs run them; anything that still does not parse throws (the job skips that search). */
export function runnableQuery(stored: unknown): SavedSearchQuery {
  return savedSearchQuery.parse(roundedAmounts(stored));
}
