import type { Cell } from './copy';
import type { DealSpec } from './deals';
import { approvedAtOf } from './listings';
import { emailOf, iso, ownerOf, type Layout, type Plan } from './plan';
import { Prng, spread } from './random';
import { userCreatedAt, usernameOf } from './users';

/** A time between the later of `earliest` times and now. */
export function after(plan: Plan, random: Prng, ...earliest: number[]): number {
  const from = Math.max(...earliest);
  return Math.floor(from + random.next() * Math.max(0, plan.now - from));
}

export const FAVORITE_COLUMNS = ['user_id', 'opportunity_id', 'created_at'] as const;

/**
 * Each user bookmarks a run of consecutive visible listings from a random start: distinct by
 * construction, so the primary key holds without a lookup. user2 bookmarks the most.
 */
export function* favoriteRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  const random = new Prng('favorites');
  const listings = layout.visible;
  const user2 = Math.min(plan.user2Favorites, listings.length);
  const others = spread(plan.favorites - user2, plan.users - 1, random);
  for (let userId = 1; userId <= plan.users; userId++) {
    const count = Math.min(listings.length, userId === 2 ? user2 : (others.next().value ?? 0));
    const start = random.int(0, listings.length - 1);
    const joined = userCreatedAt(plan, userId);
    for (let j = 0; j < count; j++) {
      const listingId = listings[(start + j) % listings.length] as number;
      if (ownerOf(plan, listingId) === userId) continue;
      yield [userId, listingId, iso(after(plan, random, joined, approvedAtOf(plan, listingId)))];
    }
  }
}

export const OFFER_COLUMNS = [
  'id',
  'opportunity_id',
  'user_id',
  'name',
  'phone',
  'email',
  'reasons',
  'message',
  'amount',
  'status',
  'decision_note',
  'created_at',
  'updated_at',
] as const;

const MESSAGES = [
  'مهتم جدًا بالفرصة وأرغب في الاطلاع على القوائم المالية / Very interested, I would like to see the financial statements',
  'لدي خبرة في هذا القطاع وأبحث عن شراكة طويلة / I have experience in this sector and want a long-term partnership',
  'أرغب في زيارة الموقع قبل تقديم عرض نهائي / I would like to visit the site before a final offer',
  'عرضي قابل للتفاوض حسب نتائج الفحص / My offer is negotiable subject to due diligence',
];

function offerRow(
  plan: Plan,
  id: number,
  listingId: number,
  userId: number,
  amount: number | null,
  status: string,
  at: number,
  random: Prng,
): Cell[] {
  const reasons = {
    wantsOffer: true,
    knowRegulations: random.chance(0.7),
    moreFinancial: random.chance(0.5),
    moreOperational: random.chance(0.3),
  };
  const decided = status === 'new' ? at : Math.min(plan.now, at + 3 * 86_400_000);
  return [
    id,
    listingId,
    userId,
    usernameOf(userId),
    `9665${String(10_000_000 + ((userId * 104_729) % 89_999_999))}`,
    emailOf(userId),
    JSON.stringify(reasons),
    random.pick(MESSAGES),
    amount,
    status,
    status === 'declined' && random.chance(0.3)
      ? 'شكرًا، السعر أقل من المطلوب / Thank you, the price is below our ask'
      : null,
    iso(at),
    iso(decided),
  ];
}

/**
 * The deals' accepted offers first (ids equal to the deals'), then a tenth of the rest on user1's
 * listings (so user1 receives the most), then the rest on open listings at random.
 */
export function* offerRows(plan: Plan, layout: Layout, deals: DealSpec[]): Generator<Cell[]> {
  const random = new Prng('offers');
  let id = 0;
  for (const d of deals)
    yield offerRow(plan, ++id, d.listingId, d.buyerId, d.amount, 'accepted', d.madeAt, random);
  const rest = Math.max(0, plan.offers - deals.length);
  const toUser1 = layout.user1Open.length ? Math.round(rest * plan.user1OfferShare) : 0;
  for (let i = 0; i < rest; i++) {
    const pool = i < toUser1 ? layout.user1Open : layout.open;
    const listingId = pool[random.int(0, pool.length - 1)] as number;
    let userId = random.int(3, plan.users);
    if (userId === ownerOf(plan, listingId)) userId = userId === plan.users ? 3 : userId + 1;
    const at = after(plan, random, approvedAtOf(plan, listingId), userCreatedAt(plan, userId));
    const amount = random.chance(0.1) ? null : random.int(5, 800) * 10_000;
    yield offerRow(
      plan,
      ++id,
      listingId,
      userId,
      amount,
      random.chance(0.75) ? 'new' : 'declined',
      at,
      random,
    );
  }
}
