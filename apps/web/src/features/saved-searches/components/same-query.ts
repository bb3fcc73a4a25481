import type { SavedSearch } from '@safqa/shared/validation/saved-searches';

const KEYS = ['q', 'businessTypeId', 'regionId', 'cityId', 'type', 'minAmount', 'maxAmount'] as const;

/**
 * Whether two searches have the same filters: a missing filter, an empty one and a blank keyword are
 * the same, and the keyword's case and outer spaces do not count (the server trims it too).
 */
export function sameQuery(a: SavedSearch['query'], b: SavedSearch['query']): boolean {
  return KEYS.every((key) => norm(a[key]) === norm(b[key]));
}

function norm(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value).trim().toLowerCase();
}

/** A name for the save dialog from the filters in words, within the name's limit. */
export function suggestName(words: string[], max: number): string {
  const joined = words.join(' · ');
  return joined.length <= max ? joined : `${joined.slice(0, max - 1).trimEnd()}…`;
}
