import { sql, type SQL } from 'drizzle-orm';
import { normaliseArabic } from '@safqa/shared/arabic-normalise';
import type { SearchSort } from '@safqa/shared/constants';
import type { SearchQuery } from '@safqa/shared/validation/opportunities';

/**
 * The read queries of cards (search, top list, favorites, my opportunities) as SQL builders, so the
 * repository and the benchmark run exactly the same statements. Money and percentages are cast to
 * float8 and counts to int so both drivers hand back JavaScript numbers. Query plans chosen for them
 * are recorded in docs/search-tuning.md.
 */

/** One card's columns, read from `o` joined to its business type, region and city. */
export const CARD_COLUMNS = sql.raw(`o.id, o.name, o.name_ar, o.type,
  o.offered_percentage::float8 AS offered_percentage, o.required_amount::float8 AS required_amount,
  o.logo, coalesce(o.images->0->>'thumbnailUrl', o.images->0->>'url') AS cover_image,
  o.is_verified, o.created_at, o.deal_state,
  bt.id AS bt_id, bt.name_ar AS bt_name_ar, bt.name_en AS bt_name_en,
  r.id AS region_id, r.name_ar AS region_name_ar, r.name_en AS region_name_en,
  c.id AS city_id, c.name_ar AS city_name_ar, c.name_en AS city_name_en`);

export const CARD_JOINS = sql.raw(`JOIN business_types bt ON bt.id = o.business_type_id
  JOIN regions r ON r.id = o.region_id
  JOIN cities c ON c.id = o.city_id`);

export interface CardRow extends Record<string, unknown> {
  id: number;
  name: string;
  name_ar: string;
  type: 'invest' | 'buy';
  offered_percentage: number;
  required_amount: number;
  logo: string | null;
  cover_image: string | null;
  is_verified: boolean;
  created_at: Date | string;
  deal_state: 'under_offer' | 'closed' | null;
  bt_id: number;
  bt_name_ar: string;
  bt_name_en: string;
  region_id: number;
  region_name_ar: string;
  region_name_en: string;
  city_id: number;
  city_name_ar: string;
  city_name_en: string;
}

/**
 * The "popular" sort: engagement (bookmarks and offers, which change rarely and are indexed), then
 * all-time views. Views stay out of the indexed expression so that counting a view never touches an
 * index (the update stays HOT).
 */
export const ENGAGEMENT = '3 * o.favorites_count + 5 * o.offers_count';

const ORDER: Record<SearchSort, string> = {
  newest: 'o.created_at DESC, o.id DESC',
  oldest: 'o.created_at ASC, o.id ASC',
  amount_asc: 'o.required_amount ASC, o.id ASC',
  amount_desc: 'o.required_amount DESC, o.id DESC',
  popular: `(${ENGAGEMENT}) DESC, o.views_count DESC, o.id DESC`,
};

/** At most this many words of a query are matched (the rest of a pasted paragraph is ignored). */
const MAX_TERMS = 8;

function escapeLike(term: string) {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The normalised words of a free-text query: what search_text holds, so اسيا meets آسيا. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return normaliseArabic(q)
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((term) => [...term].length >= 2) // a single letter narrows nothing and no index can serve it
    .slice(0, MAX_TERMS);
}

/**
 * What the text match needs of a query's words: LIKE patterns of every word, and the whole phrase
 * for the stemmer of each script it holds. Shared by search and the saved-search alerts, which
 * compare many searches' words to one listing in one statement.
 */
export function textMatchParts(terms: string[]) {
  const phrase = terms.join(' ');
  return {
    patterns: terms.map((t) => `%${escapeLike(t)}%`),
    phrase,
    arabic: /[\u0600-\u06FF]/.test(phrase),
    latin: /[a-z]/.test(phrase),
  };
}

/**
 * Text match on the normalised column: every word as a substring (trigram index; finds partial words
 * and spelling variants folded by the normaliser), or the whole query as stemmed words (full-text
 * indexes; finds "restaurants" for "restaurant", "المطاعم" for "مطاعم"). Only the stemmer of the
 * query's script is asked: the other one leaves those words as they are, which the substring
 * match already covers, so its index scan would add work and no result.
 */
function textCondition(terms: string[]): SQL {
  const { patterns, phrase, arabic, latin } = textMatchParts(terms);
  const alternatives = [
    sql.join(
      patterns.map((pattern) => sql`o.search_text LIKE ${pattern}`),
      sql` AND `,
    ),
  ];
  if (arabic) {
    alternatives.push(sql`o.search_vector_ar @@ plainto_tsquery('arabic'::regconfig, ${phrase})`);
  }
  if (latin) {
    alternatives.push(sql`o.search_vector_en @@ plainto_tsquery('english'::regconfig, ${phrase})`);
  }
  return sql`(${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` OR `,
  )})`;
}

/** The filters of a search, without its order and page (a saved search keeps only these). */
export type SearchFilters = Pick<
  SearchQuery,
  'q' | 'businessTypeId' | 'regionId' | 'cityId' | 'type' | 'minAmount' | 'maxAmount'
>;

export function searchConditions(query: SearchFilters): SQL {
  // A closed deal (sold or funded) takes the listing out of search and alerts (API.md "Deals"), and a
  // suspended owner's listings are hidden from everyone.
  const conditions: SQL[] = [
    sql`o.status = 'approved'`,
    sql`NOT o.owner_suspended`,
    sql`o.deal_state IS DISTINCT FROM 'closed'`,
  ];
  if (query.businessTypeId) conditions.push(sql`o.business_type_id = ${query.businessTypeId}`);
  if (query.regionId) conditions.push(sql`o.region_id = ${query.regionId}`);
  if (query.cityId) conditions.push(sql`o.city_id = ${query.cityId}`);
  if (query.type) conditions.push(sql`o.type = ${query.type}`);
  if (query.minAmount !== undefined) conditions.push(sql`o.required_amount >= ${query.minAmount}`);
  if (query.maxAmount !== undefined) conditions.push(sql`o.required_amount <= ${query.maxAmount}`);
  const terms = searchTerms(query.q);
  if (terms.length) conditions.push(textCondition(terms));
  return sql.join(conditions, sql` AND `);
}

/**
 * One page of approved cards: the inner query finds the page's ids (and may stop after them when an
 * index gives the order), the outer one fetches only those rows' columns and lookup names.
 */
export function searchPageSql(query: SearchQuery): SQL {
  const order = sql.raw(ORDER[query.sort]);
  const offset = (query.page - 1) * query.pageSize;
  return sql`SELECT ${CARD_COLUMNS}
    FROM (
      SELECT o.id
      FROM opportunities o
      WHERE ${searchConditions(query)}
      ORDER BY ${order}
      LIMIT ${query.pageSize} OFFSET ${offset}
    ) p
    JOIN opportunities o ON o.id = p.id
    ${CARD_JOINS}
    ORDER BY ${order}`;
}

/**
 * The number of matches, as its own statement: a window count over the page query would force
 * reading every match before the first row, which costs the broad queries (the unfiltered browse)
 * a full scan; on its own the count is an index-only scan there (docs/search-tuning.md).
 */
export function searchCountSql(query: SearchQuery): SQL {
  return sql`SELECT count(*)::int AS total FROM opportunities o WHERE ${searchConditions(query)}`;
}

/** Days of views that count as "recent" for the top list. */
export const TOP_WINDOW_DAYS = 14;
export const TOP_LIMIT = 12;

/** Approved cards ranked by recent views, offers and bookmarks. */
export function topSql(): SQL {
  return sql`SELECT ${CARD_COLUMNS}
    FROM opportunities o
    LEFT JOIN (
      SELECT opportunity_id, sum(views)::int AS views
      FROM opportunity_daily_views
      WHERE day >= current_date - ${TOP_WINDOW_DAYS}::int
      GROUP BY opportunity_id
    ) v ON v.opportunity_id = o.id
    ${CARD_JOINS}
    WHERE o.status = 'approved' AND NOT o.owner_suspended
    ORDER BY coalesce(v.views, 0) + 5 * o.offers_count + 3 * o.favorites_count DESC, o.created_at DESC, o.id DESC
    LIMIT ${TOP_LIMIT}`;
}
