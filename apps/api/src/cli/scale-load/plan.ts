/**
 * How many rows of each kind a factor asks for, and the layout every generator shares (who owns which
 * listing, which listings are visible), computed from ids alone so that foreign keys agree by
 * construction without reading anything back from the database.
 */
export interface Plan {
  factor: number;
  users: number;
  /** The admin's id: after the numbered users. */
  adminId: number;
  listings: number;
  favorites: number;
  offers: number;
  chats: number;
  messages: number;
  savedSearches: number;
  notifications: number;
  views: number;
  accessRequests: number;
  deals: number;
  closedDeals: number;
  audit: number;
  /** Listings of user1 (ids 1..user1Listings): the most of anyone. */
  user1Listings: number;
  /** Other owners: users spread evenly over the ids from 3 up, each owning at most 3 listings. */
  ownerPool: number;
  ownerStride: number;
  user2Chats: number;
  user2Favorites: number;
  user2Notifications: number;
  /** Share of the offers (after the deals' offers) made on user1's listings. */
  user1OfferShare: number;
  /** Generated over the three years before this instant (fixed per run, not per row). */
  now: number;
}

const scaled = (base: number, factor: number) => Math.max(1, Math.round(base * factor));

export function makePlan(factor: number, now = Date.now()): Plan {
  const users = Math.max(scaled(1_000_000, factor), 50);
  const listings = Math.max(scaled(100_000, factor), 50);
  const user1Listings = Math.max(5, Math.round(listings * 0.005));
  const others = listings - user1Listings;
  const ownerPool = Math.ceil(others / 3);
  const user2Chats = Math.max(30, Math.round(3000 * factor));
  return {
    factor,
    users,
    adminId: users + 1,
    listings,
    favorites: scaled(2_000_000, factor),
    offers: scaled(500_000, factor),
    chats: scaled(300_000, factor),
    messages: scaled(5_000_000, factor),
    savedSearches: scaled(200_000, factor),
    notifications: scaled(10_000_000, factor),
    views: scaled(10_000_000, factor),
    accessRequests: scaled(50_000, factor),
    deals: scaled(20_000, factor),
    closedDeals: scaled(8_000, factor),
    audit: scaled(2_000_000, factor),
    user1Listings,
    ownerPool,
    ownerStride: Math.max(1, Math.floor((users - 3) / ownerPool)),
    user2Chats,
    user2Favorites: Math.max(40, Math.round(5000 * factor)),
    user2Notifications: Math.max(100, Math.round(20_000 * factor)),
    user1OfferShare: 0.1,
    now,
  };
}

export type ListingState = 'approved' | 'pending' | 'rejected' | 'suspended' | 'under_offer' | 'closed';

/**
 * The state of listing `id` from a fixed cycle of 100 (37 is prime to 100, so every block of 100 ids
 * holds exactly 80 approved, 5 pending, 3 rejected, 2 suspended, 2 under offer and 8 sold). user1's
 * listings are all approved, or under offer, so they receive offers.
 */
export function listingState(plan: Plan, id: number): ListingState {
  if (id <= plan.user1Listings) return id % 25 === 0 ? 'under_offer' : 'approved';
  const bucket = (id * 37) % 100;
  if (bucket < 80) return 'approved';
  if (bucket < 85) return 'pending';
  if (bucket < 88) return 'rejected';
  if (bucket < 90) return 'suspended';
  if (bucket < 92) return 'under_offer';
  return 'closed';
}

export function ownerOf(plan: Plan, listingId: number): number {
  if (listingId <= plan.user1Listings) return 1;
  const slot = (listingId - plan.user1Listings - 1) % plan.ownerPool;
  return 3 + slot * plan.ownerStride;
}

/** Ids of the listings anyone can open (approved, including under offer and sold). */
export interface Layout {
  visible: Int32Array;
  /** Visible listings that are not sold: what offers, chats and favorites go to. */
  open: Int32Array;
  closed: Int32Array;
  underOffer: Int32Array;
  /** user1's open listings. */
  user1Open: Int32Array;
}

export function makeLayout(plan: Plan): Layout {
  const visible: number[] = [];
  const open: number[] = [];
  const closed: number[] = [];
  const underOffer: number[] = [];
  for (let id = 1; id <= plan.listings; id++) {
    const state = listingState(plan, id);
    if (state === 'approved' || state === 'under_offer' || state === 'closed') visible.push(id);
    if (state === 'approved' || state === 'under_offer') open.push(id);
    if (state === 'closed') closed.push(id);
    if (state === 'under_offer') underOffer.push(id);
  }
  const user1Open = open.filter((id) => id <= plan.user1Listings);
  return {
    visible: Int32Array.from(visible),
    open: Int32Array.from(open),
    closed: Int32Array.from(closed),
    underOffer: Int32Array.from(underOffer),
    user1Open: Int32Array.from(user1Open),
  };
}

export const emailOf = (userId: number) => `user${userId}@scale.example`;
export const ADMIN_EMAIL = 'admin@scale.example';
export const SCALE_DOMAIN = '@scale.example';

/** Timestamps as PostgreSQL reads them in COPY (ISO 8601, UTC). */
export const iso = (ms: number) => new Date(ms).toISOString();
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const YEAR = 365 * DAY;
