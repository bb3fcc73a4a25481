import { LRUCache } from 'lru-cache';
import type { Language } from '@safqa/shared/constants';
import { CachedBody, type PrecompressedBody } from '../lib/http-cache';

/** Rendered pages kept per process: about 64 MB of HTML (a listing page is 30-60 KB). */
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * A listing's page is kept until the listing or a lookup changes, but at most this long: its counters
 * (views, bookmarks) change without invalidating it. Every other page (home, search, FAQ...) shows
 * top lists and totals the API itself caches for 30 s (opportunities/service.ts), so it is kept as long.
 */
export const LISTING_MAX_AGE_MS = 10 * 60_000;
const OTHER_MAX_AGE_MS = 30_000;
/**
 * A page read from the shared store (web/stored-pages.ts) past its age is kept this much longer: the
 * store has asked for a fresh render, which other processes read when this copy expires.
 */
const STORED_MIN_KEEP_MS = 60_000;

const LISTING_PAGE = /^\/opportunities\/([1-9][0-9]{0,9})$/;

export interface PageRequest {
  /** The address that names the page (entry-server pageAddress): path and naming query only. */
  address: string;
  lang: Language;
  signedInHint: boolean;
}

export interface CachedPage {
  status: number;
  body: CachedBody;
  /** The CSP nonce written into this page (its style elements carry it): sent with every copy. */
  nonce: string;
  version: string;
  renderedAt: number;
  /** Served from here until then, while its version holds. */
  expiresAt: number;
}

/** A page as rendered, or as read from the shared store (which says when and may bring its brotli form). */
export interface RenderedPage {
  html: string | PrecompressedBody;
  status: number;
  nonce: string;
  renderedAt?: number;
}

export interface PageCache {
  /** The page, from the cache while its version holds, else rendered (once for concurrent asks). */
  get(request: PageRequest): Promise<CachedPage | null>;
  readonly size: number;
}

/** The listing a page address shows, if it is a listing's page. */
export function listingOfAddress(address: string): number | null {
  const match = LISTING_PAGE.exec(address);
  return match ? Number(match[1]) : null;
}

/**
 * Public pages rendered once per content version, language and signed-in hint (the three things,
 * with the address, that the bytes depend on) and kept in an LRU. `render` answers null when the
 * page could not be rendered: that answer is not kept.
 */
export function createPageCache(options: {
  render(request: PageRequest): Promise<RenderedPage | null>;
  versionOf(request: PageRequest): string;
  now?: () => number;
}): PageCache {
  const now = options.now ?? Date.now;
  const pages = new LRUCache<string, CachedPage>({
    maxSize: MAX_BYTES,
    // Room for the compressed forms added later (about a fifth of the HTML).
    sizeCalculation: (page) => Math.ceil(page.body.size * 1.25) + 256,
  });
  const inflight = new Map<string, Promise<CachedPage | null>>();

  async function renderPage(key: string, request: PageRequest, version: string) {
    const rendered = await options.render(request);
    if (!rendered) return null;
    const maxAge = listingOfAddress(request.address) === null ? OTHER_MAX_AGE_MS : LISTING_MAX_AGE_MS;
    const renderedAt = rendered.renderedAt ?? now();
    const html = typeof rendered.html === 'string' ? Buffer.from(rendered.html, 'utf8') : rendered.html;
    const page: CachedPage = {
      status: rendered.status,
      body: new CachedBody(html, true),
      nonce: rendered.nonce,
      version,
      renderedAt,
      expiresAt:
        rendered.renderedAt === undefined
          ? renderedAt + maxAge
          : Math.max(renderedAt + maxAge, now() + STORED_MIN_KEEP_MS),
    };
    // A render that began before a change is answered to its callers but not kept.
    if (options.versionOf(request) === version) pages.set(key, page);
    return page;
  }

  return {
    get(request) {
      const key = `${request.lang}|${request.signedInHint ? 1 : 0}|${request.address}`;
      const version = options.versionOf(request);
      const hit = pages.get(key);
      if (hit && hit.version === version && now() < hit.expiresAt) return Promise.resolve(hit);
      const flight = `${version}|${key}`;
      let pending = inflight.get(flight);
      if (!pending) {
        pending = renderPage(key, request, version).finally(() => inflight.delete(flight));
        inflight.set(flight, pending);
      }
      return pending;
    },
    get size() {
      return pages.size;
    },
  };
}
