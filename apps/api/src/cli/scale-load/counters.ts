import type { DealSpec } from './deals';
import { favoriteRows, offerRows } from './engagement';
import type { Layout, Plan } from './plan';
import { viewCounts } from './views';

/** Per listing id: what the app keeps on the listing's row (views_count, favorites_count, offers_count). */
export interface ListingCounters {
  views: Int32Array;
  favorites: Int32Array;
  offers: Int32Array;
}

/**
 * Counted by running the (deterministic) generators once without the database: a few seconds of
 * work, where updating every listing afterwards would rewrite each row and its search indexes.
 */
export function listingCounters(plan: Plan, layout: Layout, deals: DealSpec[]): ListingCounters {
  const counters: ListingCounters = {
    views: new Int32Array(plan.listings + 1),
    favorites: new Int32Array(plan.listings + 1),
    offers: new Int32Array(plan.listings + 1),
  };
  const add = (into: Int32Array, id: number, n = 1) => {
    into[id] = (into[id] as number) + n;
  };
  for (const row of favoriteRows(plan, layout)) add(counters.favorites, row[1] as number);
  for (const row of offerRows(plan, layout, deals)) add(counters.offers, row[1] as number);
  const views = viewCounts(plan, layout);
  layout.visible.forEach((id, j) => add(counters.views, id, views[j] as number));
  return counters;
}
