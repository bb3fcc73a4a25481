import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';

/**
 * Listing pages rendered once for the whole deployment (migration 0026, web/stored-pages.ts): a row
 * per build, address, language and signed-in hint, with the versions of what it shows
 * (page_versions, bumped by the triggers at every change) it was rendered from.
 */
export interface StoredPageKey {
  /** The web build that rendered it: another build's pages name other scripts. */
  build: string;
  address: string;
  lang: string;
  signedInHint: boolean;
}

/**
 * Versions as text: bigint, compared and written back by the database, never as JS numbers. The
 * page travels as text (HTML) and base64 (its brotli form): PGlite reads and writes bytea as hex
 * one byte at a time, about 10 ms for a page (issue 20, measured).
 */
export interface PageVersions {
  listing: string;
  shared: string;
}

export interface StoredPageRow {
  status: number;
  nonce: string;
  /** The page as sent to nearly every client; the plain HTML is decompressed from it on demand. */
  brotli: Buffer;
  /** bodyHash of the plain HTML (its ETags) and its length. */
  hash: string;
  size: number;
  renderedAt: Date;
}

const listingKey = (listingId: number) => `o:${listingId}`;

/**
 * One statement: the current versions of the listing's page, and the stored page when it was
 * rendered from them (null otherwise: never rendered, or something changed since).
 */
export async function readStoredPage(
  db: Db,
  key: StoredPageKey,
  listingId: number,
): Promise<{ versions: PageVersions; page: StoredPageRow | null }> {
  const [row] = rows<{
    listing: string;
    shared: string;
    status: number | null;
    nonce: string | null;
    brotli: string | null;
    hash: string | null;
    size: number | null;
    rendered_at: Date | string | null;
  }>(
    await db.execute(sql`
      SELECT v.listing, v.shared, s.status, s.nonce, encode(s.html_brotli, 'base64') AS brotli,
        s.html_hash AS hash, s.html_bytes AS size, s.rendered_at
      FROM (
        SELECT COALESCE((SELECT version FROM page_versions WHERE key = ${listingKey(listingId)}), 0)::text AS listing,
               COALESCE((SELECT version FROM page_versions WHERE key = 'all'), 0)::text AS shared
      ) v
      LEFT JOIN stored_pages s
        ON s.build = ${key.build} AND s.address = ${key.address} AND s.lang = ${key.lang}
        AND s.signed_in_hint = ${key.signedInHint}
        AND s.listing_version = v.listing::bigint AND s.shared_version = v.shared::bigint`),
  );
  if (!row) throw new Error('page versions: no row');
  const versions = { listing: row.listing, shared: row.shared };
  if (row.status === null || !row.brotli || !row.hash || row.rendered_at === null || !row.nonce)
    return { versions, page: null };
  return {
    versions,
    page: {
      status: row.status,
      nonce: row.nonce,
      brotli: Buffer.from(row.brotli, 'base64'),
      hash: row.hash,
      size: Number(row.size),
      renderedAt: new Date(row.rendered_at),
    },
  };
}

/**
 * Keeps a rendered page, only if the versions it was rendered from are still current (a render that
 * began before a change is not worth a row: it could never be served).
 */
export async function writeStoredPage(
  db: Db,
  key: StoredPageKey,
  listingId: number,
  versions: PageVersions,
  page: StoredPageRow,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO stored_pages (build, address, lang, signed_in_hint, listing_id, listing_version,
      shared_version, status, nonce, html_brotli, html_hash, html_bytes, rendered_at)
    SELECT ${key.build}, ${key.address}, ${key.lang}, ${key.signedInHint}, ${listingId},
      ${versions.listing}::bigint, ${versions.shared}::bigint, ${page.status}, ${page.nonce},
      decode(${page.brotli.toString('base64')}, 'base64'), ${page.hash}, ${page.size},
      ${page.renderedAt.toISOString()}::timestamptz
    WHERE COALESCE((SELECT version FROM page_versions WHERE key = ${listingKey(listingId)}), 0) = ${versions.listing}::bigint
      AND COALESCE((SELECT version FROM page_versions WHERE key = 'all'), 0) = ${versions.shared}::bigint
    ON CONFLICT (build, address, lang, signed_in_hint) DO UPDATE SET
      listing_id = EXCLUDED.listing_id, listing_version = EXCLUDED.listing_version,
      shared_version = EXCLUDED.shared_version, status = EXCLUDED.status, nonce = EXCLUDED.nonce,
      html_brotli = EXCLUDED.html_brotli, html_hash = EXCLUDED.html_hash, html_bytes = EXCLUDED.html_bytes,
      rendered_at = EXCLUDED.rendered_at`);
}

/** Asks for a listing's pages to be rendered ahead of their next visitor (the triggers also do). */
export async function queuePageRender(db: Db, listingId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO page_render_queue (listing_id) VALUES (${listingId}) ON CONFLICT DO NOTHING`,
  );
}

/**
 * The `limit` most visited public listings, among those this build has no current page of in both
 * languages, queued behind any change and in order of views (at start: a new build, or changes made
 * while no process ran). The rest are rendered by their first visitor and stored then: a new build
 * no longer renders 160,000 pages at factor 1 (34 minutes of one core) before the store is useful.
 * The views sort is a top-N over the approved rows, once per start; an index on views_count would
 * cost every counted view an index write.
 */
export async function queueMissingPages(db: Db, build: string, limit: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO page_render_queue (listing_id, priority)
    SELECT top.id, LEAST(top.views_count, 2147483646) FROM (
      SELECT o.id, o.views_count FROM opportunities o
      WHERE o.status = 'approved' AND NOT o.owner_suspended
      ORDER BY o.views_count DESC, o.id DESC
      LIMIT ${limit}
    ) top
    WHERE (
      SELECT count(*) FROM stored_pages s
      WHERE s.build = ${build} AND s.listing_id = top.id AND NOT s.signed_in_hint
        AND s.listing_version = COALESCE((SELECT version FROM page_versions v WHERE v.key = 'o:' || top.id), 0)
        AND s.shared_version = COALESCE((SELECT version FROM page_versions v WHERE v.key = 'all'), 0)
    ) < 2
    ON CONFLICT DO NOTHING`);
}

/**
 * Takes up to `limit` queued listings off the queue, changed ones first, then the most visited. Processes take different ones (SKIP LOCKED);
 * one killed after this leaves those pages to be rendered by their first visitor.
 */
export async function takeQueuedListings(db: Db, limit: number): Promise<number[]> {
  const taken = rows<{ listing_id: number }>(
    await db.execute(sql`
      WITH taken AS (
        DELETE FROM page_render_queue WHERE listing_id IN (
          SELECT listing_id FROM page_render_queue ORDER BY priority DESC, queued_at, listing_id
          LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ) RETURNING listing_id, priority, queued_at
      )
      -- RETURNING comes in the heap's order: the warmer renders in this one, most visited first.
      SELECT listing_id FROM taken ORDER BY priority DESC, queued_at, listing_id`),
  );
  return taken.map((row) => Number(row.listing_id));
}

/**
 * Rows that will not be served again: rendered from versions that have moved on; by another build
 * and not rendered since `otherBuildsBefore` (a rolling deploy keeps the old build's rows while it
 * lasts); or by this build and not rendered since `unvisitedBefore`. A visited page older than 10
 * minutes is rendered again behind its visit, so that last rule drops only pages nobody opened since:
 * the store holds what was visited lately, not every listing of every build.
 */
export async function pruneStoredPages(
  db: Db,
  build: string,
  before: { otherBuilds: Date; unvisited: Date },
  batchSize = 1_000,
): Promise<number> {
  let total = 0;
  // In batches, each its own statement: a new build leaves ~160,000 rows at factor 1, and one
  // DELETE of them all held its locks and its WAL for minutes.
  for (;;) {
    const pruned = rows<{ n: number }>(
      await db.execute(sql`
        WITH gone AS (
          DELETE FROM stored_pages WHERE (build, address, lang, signed_in_hint) IN (
            SELECT s.build, s.address, s.lang, s.signed_in_hint FROM stored_pages s
            WHERE (s.build <> ${build} AND s.rendered_at < ${before.otherBuilds})
              OR s.rendered_at < ${before.unvisited}
              OR s.listing_version < COALESCE((SELECT version FROM page_versions v WHERE v.key = 'o:' || s.listing_id), 0)
              OR s.shared_version < COALESCE((SELECT version FROM page_versions v WHERE v.key = 'all'), 0)
            LIMIT ${batchSize}
          )
          RETURNING 1
        ) SELECT count(*)::int AS n FROM gone`),
    );
    const n = Number(pruned[0]?.n ?? 0);
    total += n;
    if (n < batchSize) return total;
  }
}
