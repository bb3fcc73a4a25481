import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { bodyHash, repeatBrotli } from '../lib/http-cache';
import { LISTING_MAX_AGE_MS, listingOfAddress, type PageRequest, type RenderedPage } from './page-cache';
import {
  queueMissingPages,
  queuePageRender,
  readStoredPage,
  takeQueuedListings,
  writeStoredPage,
  type PageVersions,
  type StoredPageKey,
} from './stored-pages-repository';

/**
 * Listings a process start queues for rendering ahead, the most visited first (decision 011): 4,000
 * pages, under a minute of one core; every other page is rendered by its first visitor and stored.
 */
export const WARM_AT_START = 2_000;
/** Listings the warmer takes off the queue at a time (two pages each); it yields between pages. */
const WARM_BATCH = 5;
/** A change is rendered this long after it is heard: changes in a burst are taken together. */
const WARM_DELAY_MS = 100;
/** After a failed drain (the database away), the next try comes this long after, doubling up to the max. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/** Counted for /metrics (page_renders_total, pages_from_store_total). */
export interface PageRenderCounts {
  /** Rendered because a request found no current page. */
  onRequest: number;
  /** Rendered ahead, by the warmer. */
  ahead: number;
  /** CPU of this process while the warmer rendered (its renders run one at a time): an upper bound. */
  aheadCpuMs: number;
  /** Served from the store (another process's or an earlier run's render). */
  fromStore: number;
}

type Render = (request: PageRequest) => Promise<{ html: string; status: number; nonce: string } | null>;

export interface StoredPages {
  /** The page cache's render: a listing page from the store while current, else rendered and stored. */
  render(request: PageRequest): Promise<RenderedPage | null>;
  /** Renders what is queued, until the queue is empty (one drain at a time; later asks join it). */
  warm(): Promise<void>;
  /**
   * Queues the public listings this build has no current page of, then warms; a failure of either
   * is retried with the warmer's back-off.
   */
  start(): Promise<void>;
  stop(): void;
  /** The last drain failed (the database away or too slow) and another is scheduled. */
  retrying(): boolean;
  readonly build: string;
  readonly counts: PageRenderCounts;
}

/**
 * Listing pages rendered once per version for the whole deployment (issue 20,
 * docs/decisions/011-stored-pages.md). A process whose own cache misses reads the page another
 * process (or the warmer, when the listing changed) rendered: a read, not a React render. Rendering
 * still happens when no current page exists: the first visitor after a change the warmer has not
 * reached yet, a signed-in hint page, or a store that cannot be read (it is a cache: a failure to read
 * or write it is logged and the page rendered as before). Other pages (home, search...) change with
 * every listing and are only kept per process.
 */
export function createStoredPages(options: {
  db: Db;
  build: string;
  render: Render;
  log: FastifyBaseLogger;
  now?: () => number;
}): StoredPages {
  const { db, build, log } = options;
  const now = options.now ?? Date.now;
  const counts: PageRenderCounts = { onRequest: 0, ahead: 0, aheadCpuMs: 0, fromStore: 0 };
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let retryMs = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  /**
   * Listings taken off the shared queue and not rendered yet: a failed drain leaves them here for the
   * retry (the queue no longer holds them). Lost only with the process: their first visitor renders.
   */
  let taken: number[] = [];
  /** The start's queueing of missing pages has not succeeded yet: the next drain does it first. */
  let queueAtStart = false;

  const keyOf = (request: PageRequest): StoredPageKey => ({
    build,
    address: request.address,
    lang: request.lang,
    signedInHint: request.signedInHint,
  });

  /**
   * `ahead`: the warmer's render, whose failure to store must fail the drain (it is retried); a
   * visitor's render is served whether or not it could be stored.
   */
  async function renderAndStore(
    request: PageRequest,
    listingId: number,
    versions: PageVersions | null,
    { ahead }: { ahead: boolean },
  ): Promise<RenderedPage | null> {
    const rendered = await options.render(request);
    if (!rendered || !versions) return rendered;
    const identity = Buffer.from(rendered.html, 'utf8');
    const body = { brotli: repeatBrotli(identity), hash: bodyHash(identity), size: identity.length };
    const stored = writeStoredPage(db, keyOf(request), listingId, versions, {
      ...body,
      status: rendered.status,
      nonce: rendered.nonce,
      renderedAt: new Date(now()),
    });
    if (ahead) await stored;
    else
      await stored.catch((error: unknown) => log.warn({ err: error }, 'a rendered page could not be stored'));
    return { html: { ...body, identity }, status: rendered.status, nonce: rendered.nonce };
  }

  async function render(request: PageRequest): Promise<RenderedPage | null> {
    const listingId = listingOfAddress(request.address);
    if (listingId === null) return options.render(request);
    let versions: PageVersions | null = null;
    try {
      const stored = await readStoredPage(db, keyOf(request), listingId);
      versions = stored.versions;
      const page = stored.page;
      const aged = page !== null && now() - page.renderedAt.getTime() >= LISTING_MAX_AGE_MS;
      // Its counters (views, bookmarks) age: an anonymous page is served and rendered again behind it;
      // a signed-in hint page (no warmer renders those) is rendered now, as the cache always did.
      if (page && (!aged || !request.signedInHint)) {
        counts.fromStore += 1;
        if (aged) void refresh(listingId);
        return {
          html: { brotli: page.brotli, hash: page.hash, size: page.size },
          status: page.status,
          nonce: page.nonce,
          renderedAt: page.renderedAt.getTime(),
        };
      }
    } catch (error) {
      log.warn({ err: error }, 'the page store could not be read; rendering');
    }
    counts.onRequest += 1;
    return renderAndStore(request, listingId, versions, { ahead: false });
  }

  async function refresh(listingId: number) {
    try {
      await queuePageRender(db, listingId);
      await warm();
    } catch (error) {
      log.warn({ err: error, listingId }, 'an aged page could not be queued for rendering');
    }
  }

  /** Both languages of an anonymous visitor's page, unless already current and not aged. */
  async function renderAhead(listingId: number) {
    for (const lang of ['ar', 'en'] as const) {
      if (stopped) return;
      const request: PageRequest = { address: `/opportunities/${listingId}`, lang, signedInHint: false };
      const { versions, page } = await readStoredPage(db, keyOf(request), listingId);
      if (page && now() - page.renderedAt.getTime() < LISTING_MAX_AGE_MS) continue;
      // Requests waiting meanwhile go first: a render holds the thread for several milliseconds.
      await new Promise((resolve) => setImmediate(resolve));
      counts.ahead += 1;
      const cpu = process.cpuUsage();
      await renderAndStore(request, listingId, versions, { ahead: true });
      const used = process.cpuUsage(cpu);
      counts.aheadCpuMs += (used.user + used.system) / 1000;
    }
  }

  async function drain() {
    if (queueAtStart) {
      await queueMissingPages(db, build, WARM_AT_START);
      queueAtStart = false;
    }
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        if (taken.length === 0) taken = await takeQueuedListings(db, WARM_BATCH);
        if (taken.length === 0) break;
        while (taken.length > 0) {
          if (stopped) return;
          await renderAhead(taken[0]!);
          taken.shift();
        }
      }
    } while (again && !stopped);
  }

  function warm(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drain()
      .then(
        () => {
          retryMs = 0;
        },
        (error: unknown) => {
          // The queue stays where it was: try again by itself, not at the next change (a warmer that
          // waited for one stayed idle with 74,340 listings queued after a database outage).
          retryMs = retryMs ? Math.min(retryMs * 2, RETRY_MAX_MS) : RETRY_FIRST_MS;
          log.warn({ err: error, retryInMs: retryMs }, 'rendering pages ahead failed; retrying');
          if (!stopped && !retryTimer) {
            retryTimer = setTimeout(() => {
              retryTimer = null;
              if (!stopped) void warm();
            }, retryMs);
            retryTimer.unref();
          }
        },
      )
      .finally(() => {
        draining = null;
      });
    return draining;
  }

  return {
    render,
    warm,
    async start() {
      queueAtStart = true;
      await warm();
    },
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
    },
    retrying: () => retryMs > 0 && !stopped,
    build,
    counts,
  };
}

/** Calls `run` once, `delayMs` after the first of a burst of calls. */
export function debounced(run: () => void, delayMs = WARM_DELAY_MS): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      run();
    }, delayMs);
    timer.unref();
  };
}
