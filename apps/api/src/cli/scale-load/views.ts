import type { Cell } from './copy';
import { after } from './engagement';
import { approvedAtOf } from './listings';
import { YEAR, iso, ownerOf, type Layout, type Plan } from './plan';
import { Prng } from './random';

/**
 * Viewers per visible listing (same order as layout.visible), log-normal so that a few listings are
 * popular, adding up to exactly plan.views. Its own stream: the listings' view counters read it too.
 */
export function viewCounts(plan: Plan, layout: Layout): Int32Array {
  const random = new Prng('view-weights');
  const weights = Float64Array.from(layout.visible, () => random.logNormal(1, 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = Int32Array.from(weights, (w) => Math.floor((plan.views * w) / sum));
  let missing = plan.views - counts.reduce((a, b) => a + b, 0);
  for (let j = 0; missing > 0; j = (j + 1) % counts.length, missing--) counts[j] = (counts[j] as number) + 1;
  return counts;
}

export const VIEWER_COLUMNS = ['opportunity_id', 'day', 'viewer', 'created_at'] as const;

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A 22-character visitor cookie; the listing and row number in it make it unique by construction. */
function visitorCookie(listingId: number, k: number, random: Prng): string {
  let out = '';
  for (const value of [listingId, k]) for (let s = 0; s < 5; s++) out += B64[(value >>> (s * 6)) & 63];
  for (let s = 0; s < 12; s++) out += B64[random.int(0, 63)];
  return out;
}

/**
 * Viewer rows over the last two years, skewed (a few listings are popular). Signed-in viewers of one
 * listing are consecutive users from a per-listing base, each at most once, so the key
 * (listing, day, viewer) holds whatever the day; the owner never counts.
 */
export function* viewerRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  const random = new Prng('views');
  const listings = layout.visible;
  const counts = viewCounts(plan, layout);
  const since = plan.now - 2 * YEAR;
  for (let j = 0; j < listings.length; j++) {
    const listingId = listings[j] as number;
    const owner = ownerOf(plan, listingId);
    const from = Math.max(since, approvedAtOf(plan, listingId));
    const base = (listingId * 104_729) % plan.users;
    let members = 0;
    for (let k = 0; k < (counts[j] as number); k++) {
      const at = after(plan, random, from);
      let userId = 1 + ((base + members) % plan.users);
      if (userId === owner) userId = 1 + ((base + ++members) % plan.users);
      const asMember = random.chance(0.4) && members < plan.users - 2;
      if (asMember) members++;
      const viewer = asMember ? `u:${userId}` : `v:${visitorCookie(listingId, k, random)}`;
      yield [listingId, iso(at).slice(0, 10), viewer, iso(at)];
    }
  }
}

export const DAILY_VIEW_COLUMNS = ['opportunity_id', 'day', 'views'] as const;

/**
 * The top list's daily totals, summed from the viewer rows as they are generated again (they come
 * grouped by listing): cheaper than a GROUP BY over millions of rows once they are in the database.
 */
export function* dailyViewRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  let listingId = 0;
  let days = new Map<string, number>();
  const flush = function* () {
    for (const day of [...days.keys()].sort()) yield [listingId, day, days.get(day) as number];
  };
  for (const [id, day] of viewerRows(plan, layout)) {
    if (id !== listingId) {
      yield* flush();
      listingId = id as number;
      days = new Map();
    }
    days.set(day as string, (days.get(day as string) ?? 0) + 1);
  }
  yield* flush();
}
