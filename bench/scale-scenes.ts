/**
 * The hot paths `npm run bench -- scale` measures, with the goal issue [scale] sets for each. A scene
 * is built from what the bench found on one database (ids, tokens), so the same scene runs on the
 * demo-size market and on the large one.
 */
export type Goal = 'public' | 'list' | 'admin' | 'sitemap';

export const GOAL_MS: Record<Goal, number> = { public: 20, list: 20, admin: 50, sitemap: 250 };

export interface Scene {
  name: string;
  goal: Goal;
  /** The path of the i-th request. */
  path: (i: number) => string;
  /** The bearer token of the account it is measured as (anonymous when absent). */
  as?: 'admin' | 'seller' | 'buyer';
  headers?: Record<string, string>;
  /** Statuses that count as answered (200 by default). */
  ok?: (status: number) => boolean;
}

/** What the bench found on one database before measuring. */
export interface Found {
  /** Approved listing ids taken from the sitemap, shuffled: each request asks for another listing. */
  listingIds: number[];
  businessTypeIds: number[];
  regionIds: number[];
  cityIds: number[];
  /** The seller's most offered listing. */
  sellerListingId: number;
  /** The buyer's busiest chat. */
  buyerChatId: number;
  /** An actor and a target taken from the newest audit entries. */
  auditActorId: number;
  auditTarget: { type: string; id: number };
}

const SEARCH_WORDS = [
  'مطعم',
  'مصنع أثاث',
  'صيدلية',
  'online store',
  'مقهى',
  'hotel',
  'شركة برمجيات',
  'bakery',
];
const SORTS = ['newest', 'oldest', 'amount_asc', 'amount_desc', 'popular'] as const;
const enc = encodeURIComponent;
const pick = <T>(values: T[], i: number) => values[i % values.length]!;

export function scenes(found: Found): Scene[] {
  const listing = (i: number) => pick(found.listingIds, i);
  const list: Scene[] = [
    {
      name: 'search: text',
      goal: 'public',
      path: (i) => `/api/opportunities?q=${enc(pick(SEARCH_WORDS, i))}`,
    },
    {
      name: 'search: text + sector + region',
      goal: 'public',
      path: (i) =>
        `/api/opportunities?q=${enc(pick(SEARCH_WORDS, i))}&businessTypeId=${pick(found.businessTypeIds, i)}&regionId=${pick(found.regionIds, i + 1)}`,
    },
    {
      name: 'search: amount range',
      goal: 'public',
      path: (i) =>
        `/api/opportunities?minAmount=${100_000 * (1 + (i % 5))}&maxAmount=${5_000_000 * (1 + (i % 3))}`,
    },
    ...SORTS.map((sort): Scene => ({
      name: `search: sort ${sort}`,
      goal: 'public',
      path: (i) => `/api/opportunities?sort=${sort}&businessTypeId=${pick(found.businessTypeIds, i)}`,
    })),
    {
      // The deepest page API.md allows: rows 9,981 to 10,000.
      name: 'search: deep page (row 10,000)',
      goal: 'public',
      path: (i) => `/api/opportunities?sort=${pick([...SORTS], i)}&pageSize=20&page=500`,
    },
    {
      name: 'browse: a sector',
      goal: 'public',
      path: (i) => `/api/opportunities?businessTypeId=${pick(found.businessTypeIds, i)}`,
    },
    {
      name: 'browse: a city',
      goal: 'public',
      path: (i) => `/api/opportunities?cityId=${pick(found.cityIds, i)}`,
    },
    { name: 'top listings (home)', goal: 'public', path: () => '/api/opportunities/top' },
    { name: 'home page HTML', goal: 'public', path: (i) => `/?lang=${i % 2 ? 'en' : 'ar'}` },
    { name: "a listing's JSON", goal: 'public', path: (i) => `/api/opportunities/${listing(i)}` },
    // Offsets keep the two languages and the JSON on different listings, so no page was asked before.
    {
      name: 'listing page, Arabic',
      goal: 'public',
      path: (i) => `/opportunities/${listing(i + 1000)}?lang=ar`,
    },
    {
      name: 'listing page, English',
      goal: 'public',
      path: (i) => `/opportunities/${listing(i + 2000)}?lang=en`,
    },
    {
      name: 'sitemap index',
      goal: 'sitemap',
      path: () => '/sitemap.xml',
      headers: { 'accept-encoding': 'gzip' },
    },
    {
      name: 'sitemap file (up to 50,000 URLs)',
      goal: 'sitemap',
      path: () => '/sitemap-1.xml',
      headers: { 'accept-encoding': 'gzip' },
    },
    {
      name: 'admin users: ?q= name',
      goal: 'admin',
      as: 'admin',
      path: (i) => `/api/admin/users?q=${enc(pick(['محمد', 'Khalid', 'العتيبي', 'Fatima'], i))}`,
    },
    {
      name: 'admin users: ?q= email',
      goal: 'admin',
      as: 'admin',
      path: (i) => `/api/admin/users?q=${enc(`user${((i * 7919) % 900) + 100}@scale.example`)}`,
    },
    {
      name: 'admin users: ?q= part of an email',
      goal: 'admin',
      as: 'admin',
      path: (i) => `/api/admin/users?q=${enc(`user${((i * 7919) % 900) + 100}`)}`,
    },
    {
      name: 'admin users: ?q= phone',
      goal: 'admin',
      as: 'admin',
      path: (i) => `/api/admin/users?q=${enc(`05${((i * 104_729) % 9_000_000) + 1_000_000}`)}`,
    },
    {
      name: 'admin: pending listings',
      goal: 'admin',
      as: 'admin',
      path: () => '/api/admin/opportunities?status=pending',
    },
    { name: 'admin: open reports', goal: 'admin', as: 'admin', path: () => '/api/admin/reports?status=open' },
    {
      name: 'admin: audit log by actor',
      goal: 'admin',
      as: 'admin',
      path: () => `/api/admin/audit-log?actorId=${found.auditActorId}`,
    },
    {
      name: 'admin: audit log by target',
      goal: 'admin',
      as: 'admin',
      path: () =>
        `/api/admin/audit-log?targetType=${enc(found.auditTarget.type)}&targetId=${found.auditTarget.id}`,
    },
    { name: 'admin: stats', goal: 'admin', as: 'admin', path: () => '/api/admin/stats' },
    { name: 'seller: my listings', goal: 'list', as: 'seller', path: () => '/api/users/me/opportunities' },
    {
      name: "seller: a listing's offers",
      goal: 'list',
      as: 'seller',
      path: () => `/api/opportunities/${found.sellerListingId}/offers`,
    },
    {
      name: 'seller: insights, 90 days',
      goal: 'admin',
      as: 'seller',
      path: () => `/api/opportunities/${found.sellerListingId}/insights?days=90`,
    },
    { name: 'buyer: chat list', goal: 'list', as: 'buyer', path: () => '/api/chat' },
    {
      name: "buyer: a chat's messages",
      goal: 'list',
      as: 'buyer',
      path: () => `/api/chat/${found.buyerChatId}/messages`,
    },
    { name: 'buyer: unread chat count', goal: 'list', as: 'buyer', path: () => '/api/chat/unread-count' },
    { name: 'buyer: notifications', goal: 'list', as: 'buyer', path: () => '/api/notifications' },
    { name: 'buyer: favorites', goal: 'list', as: 'buyer', path: () => '/api/favorites' },
    {
      name: 'buyer: a valuation',
      goal: 'list',
      as: 'buyer',
      path: (i) => `/api/opportunities/${listing(i + 3000)}/valuation`,
    },
  ];
  return list;
}
