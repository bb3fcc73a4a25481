/** Business constants of SPEC.md section 9, in one place for server and client. */
export const LANGUAGES = ['ar', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ar';

export const LIMITS = {
  maxImages: 5,
  maxDocuments: 5,
  passwordMin: 8,
  usernameMin: 3,
  bioMin: 10,
  rejectionReasonMin: 10,
  offerMessageMin: 10,
  otpDigits: 4,
  nameMin: 3,
  descriptionMin: 10,
  imageMaxBytes: 5 * 1024 * 1024,
  documentMaxBytes: 10 * 1024 * 1024,
  chatMessageMax: 2000,
  chatPageDefault: 50,
  chatPageMax: 100,
  /** GET /api/chat: chats per page. */
  chatListDefault: 30,
  chatListMax: 50,
  contactMessageMax: 5000,
  pageSizeDefault: 12,
  pageSizeMax: 50,
  /** No `page` reaches past this row, and a capped `total` stops here (API.md "Paged lists"). */
  pagedRowsMax: 10_000,
} as const;

/** The ALTCHA proof-of-work algorithm the server issues and the widget solves (in a web worker). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

export const ERROR_LOG_RANGES = [7, 14, 30] as const;

/** Home category tiles: fixed business-type ids (SPEC.md section 2). */
export const CATEGORY_TILES = [
  { key: 'ecommerce', businessTypeId: 4 },
  { key: 'retail', businessTypeId: 6 },
  { key: 'food', businessTypeId: 8 },
  { key: 'tech', businessTypeId: 7 },
  { key: 'startups', businessTypeId: 5 },
] as const;

export const TOAST = { limit: 1, removeDelayMs: 5000 } as const;
export const BREAKPOINTS = { toast: 640, menu: 768 } as const;
export const NAVBAR = { scrollThresholdPx: 20, topPx: 5 } as const;

export const QUERY = {
  staleTimeMs: 60_000,
  currentUserStaleTimeMs: 5 * 60_000,
  faqCacheMs: 5 * 60_000,
} as const;

export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  language: 'language',
  theme: 'theme',
} as const;

/**
 * Cookies the server reads to render a page (API.md "Pages, previews and crawlers"): the page language
 * (mirrors localStorage `language`), and a non-secret hint that the visitor holds a session in
 * localStorage, so the server renders account parts as "loading" instead of "Log in". Both are set by
 * the web app; public/boot.js repeats the names (it cannot import).
 */
export const PAGE_COOKIES = { language: 'lang', signedIn: 'signed_in' } as const;

export const OPPORTUNITY_STATUSES = ['pending', 'approved', 'suspended', 'rejected'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];
export const OPPORTUNITY_TYPES = ['invest', 'buy'] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];
/** Orders of the search (GET /api/opportunities `sort`); here so /search can read them without zod. */
export const SEARCH_SORTS = ['newest', 'oldest', 'amount_asc', 'amount_desc', 'popular'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/**
 * Under this many comparable listings there is no sector range and the valuation flag is
 * `insufficient_data`; here so the listing page can say how many it takes without zod.
 */
export const VALUATION_MIN_COMPARABLES = 5;
