import {
  DEFAULT_SEARCH,
  parseSearchParams,
  toSearchParams,
} from '@/features/opportunities/components/search/search-params';

/** Where the search page lives (router.tsx `search`). */
const SEARCH_PATH = '/search';

/**
 * The address that names a page: its path, plus the query only where the query chooses what the page
 * shows (the search's filters, sort and page, as the page itself writes them, defaults left out).
 * Anything else (`lang`, tracking parameters, junk) does not name the page: the server keys its page
 * cache on this address and writes it as the canonical and `og:url` (API.md "Pages, previews and
 * crawlers"), so two addresses that show the same page are one page.
 */
export function pageAddress(url: URL): string {
  if (url.pathname !== SEARCH_PATH) return url.pathname;
  const params = toSearchParams(parseSearchParams(url.searchParams));
  if (params.get('sort') === DEFAULT_SEARCH.sort) params.delete('sort');
  if (params.get('page') === String(DEFAULT_SEARCH.page)) params.delete('page');
  const query = params.toString();
  return query ? `${SEARCH_PATH}?${query}` : SEARCH_PATH;
}
