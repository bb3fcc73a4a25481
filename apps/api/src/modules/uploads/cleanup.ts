import { and, asc, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';
import type { Storage, Visibility } from '../../storage/storage';

/** An upload that no listing has used for this long is removed (API.md "Operations", issue 10). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;
/** A temporary file of an upload older than this belongs to a process that died mid-upload. */
export const STAGED_TTL_MS = 60 * 60 * 1000;
/** Where uploads put their files (newKey in service.ts); seeded demo pictures live under seed/. */
const UPLOAD_FOLDERS: Array<[Visibility, string]> = [
  ['public', 'images/'],
  ['private', 'docs/'],
];

export interface CleanupSummary {
  /** Uploads deleted with their files. */
  removed: number;
  /** Old uploads found in use (their last use is now). */
  inUse: number;
}

type Row = Pick<typeof uploads.$inferSelect, 'id' | 'key' | 'kind' | 'thumbnailKey' | 'mediumKey'>;

function values(items: string[]) {
  return sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  );
}

/**
 * Which of `rows` a listing uses now (images and logos by public URL, documents by storage key), or a
 * deal's checklist item holds (documents).
 */
async function inUse(db: Db, storage: Storage, rows: Row[]): Promise<Set<number>> {
  const images = rows.filter((row) => row.kind === 'image');
  const documents = rows.filter((row) => row.kind === 'document');
  const used = new Set<number>();
  if (images.length) {
    const byUrl = new Map(images.map((row) => [storage.publicUrl(row.key), row.id]));
    const urls = [...byUrl.keys()];
    const found = (await db.execute(sql`
      SELECT img->>'url' AS url FROM opportunities o CROSS JOIN LATERAL jsonb_array_elements(o.images) img
      WHERE img->>'url' IN (${values(urls)})
      UNION SELECT logo AS url FROM opportunities WHERE logo IN (${values(urls)})
    `)) as unknown as { rows: { url: string }[] };
    for (const { url } of found.rows) used.add(byUrl.get(url)!);
  }
  if (documents.length) {
    const byKey = new Map(documents.map((row) => [row.key, row.id]));
    const found = (await db.execute(sql`
      SELECT doc->>'key' AS key FROM opportunities o CROSS JOIN LATERAL jsonb_array_elements(o.documents) doc
      WHERE doc->>'key' IN (${values([...byKey.keys()])})
      UNION SELECT doc->>'key' AS key
      FROM deal_checklist_items i CROSS JOIN LATERAL jsonb_array_elements(i.documents) doc
      WHERE doc->>'key' IN (${values([...byKey.keys()])})
    `)) as unknown as { rows: { key: string }[] };
    for (const { key } of found.rows) used.add(byKey.get(key)!);
  }
  return used;
}

/**
 * The daily cleanup: every upload older than 24 hours and not used by any listing for 24 hours is
 * deleted, files first (images with their thumbnail and 960 px rendition), then its row, so a crash
 * in between leaves a row whose files are gone and that the next run deletes. Uploads in use get
 * `last_referenced_at = now`, so one dropped from a listing is kept 24 more hours (an edit undone).
 */
export async function removeUnusedUploads(
  db: Db,
  storage: Storage,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<CleanupSummary> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS);
  const summary: CleanupSummary = { removed: 0, inUse: 0 };
  for (let after = 0; ;) {
    const rows: Row[] = await db
      .select({
        id: uploads.id,
        key: uploads.key,
        kind: uploads.kind,
        thumbnailKey: uploads.thumbnailKey,
        mediumKey: uploads.mediumKey,
      })
      .from(uploads)
      .where(
        and(
          gt(uploads.id, after),
          lt(uploads.createdAt, cutoff),
          or(isNull(uploads.lastReferencedAt), lt(uploads.lastReferencedAt, cutoff)),
        ),
      )
      .orderBy(asc(uploads.id))
      .limit(BATCH);
    if (!rows.length) break;
    after = rows.at(-1)!.id;
    const used = await inUse(db, storage, rows);
    if (used.size) {
      await db
        .update(uploads)
        .set({ lastReferencedAt: now })
        .where(inArray(uploads.id, [...used]));
      summary.inUse += used.size;
    }
    const unused = rows.filter((row) => !used.has(row.id));
    for (const row of unused) {
      const visibility = row.kind === 'image' ? 'public' : 'private';
      const keys = [row.key, row.thumbnailKey, row.mediumKey].filter((key): key is string => !!key);
      await Promise.all(keys.map((key) => storage.remove(visibility, key)));
    }
    if (unused.length) {
      await db.delete(uploads).where(
        inArray(
          uploads.id,
          unused.map((row) => row.id),
        ),
      );
      summary.removed += unused.length;
    }
  }
  if (summary.removed || summary.inUse) log?.info(summary, 'unused uploads removed');
  return summary;
}

export interface SweepSummary {
  /** Files older than a day that no upload row names, removed. */
  orphans: number;
  /** Temporary files of interrupted uploads, removed. */
  staged: number;
}

/**
 * Of `keys` (files of one folder), those an upload row names: by its own key or, for an image, as the
 * thumbnail or 960 px rendition of `<id>.webp` (one indexed lookup); a file still unclaimed is looked
 * for in the rows' other columns and in the listings, so that nothing a listing shows is ever removed.
 */
async function claimed(db: Db, keys: string[]): Promise<Set<string>> {
  const main = keys.map((key) => key.replace(/-(thumb|960)\.webp$/, '.webp'));
  const names = (rows: Array<{ key: string; thumbnail_key: string | null; medium_key: string | null }>) =>
    rows.flatMap((row) => [row.key, row.thumbnail_key, row.medium_key]).filter((k): k is string => !!k);
  const found = (await db.execute(sql`
    SELECT key, thumbnail_key, medium_key FROM uploads WHERE key IN (${values([...new Set([...keys, ...main])])})
  `)) as unknown as { rows: Array<{ key: string; thumbnail_key: string | null; medium_key: string | null }> };
  const kept = new Set(names(found.rows));
  const unclaimed = keys.filter((key) => !kept.has(key));
  if (!unclaimed.length) return kept;
  const other = (await db.execute(sql`
    SELECT key, thumbnail_key, medium_key FROM uploads
    WHERE thumbnail_key IN (${values(unclaimed)}) OR medium_key IN (${values(unclaimed)})
  `)) as unknown as { rows: Array<{ key: string; thumbnail_key: string | null; medium_key: string | null }> };
  for (const key of names(other.rows)) kept.add(key);
  const candidates = unclaimed.filter((key) => !kept.has(key));
  if (!candidates.length) return kept;
  const shown = (await db.execute(sql`
    SELECT c.k FROM (VALUES ${sql.join(
      candidates.map((key) => sql`(${key})`),
      sql`, `,
    )}) AS c(k)
    WHERE EXISTS (
      SELECT 1 FROM opportunities o
      WHERE strpos(o.images::text || o.documents::text || coalesce(o.logo, ''), c.k) > 0
    )
  `)) as unknown as { rows: Array<{ k: string }> };
  for (const { k } of shown.rows) kept.add(k);
  return kept;
}

/**
 * The other half of the daily cleanup, over the files rather than the rows: a file of the upload
 * folders older than a day that no row names (an upload cut short before this version wrote files
 * under temporary names, or a row deleted by hand) is removed, and so are temporary files of uploads
 * whose process died (older than an hour). Files younger than a day are never touched: an upload
 * writes its files before its row commits. Both storage drivers list their files the same way.
 */
export async function sweepStoredFiles(
  db: Db,
  storage: Storage,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<SweepSummary> {
  const cutoff = now.getTime() - UNUSED_UPLOAD_TTL_MS;
  let orphans = 0;
  for (const [visibility, folder] of UPLOAD_FOLDERS) {
    for await (const page of storage.list(visibility, folder)) {
      const old = page.filter((entry) => entry.modifiedAt.getTime() < cutoff).map((entry) => entry.key);
      if (!old.length) continue;
      const kept = await claimed(db, old);
      const orphaned = old.filter((key) => !kept.has(key));
      await Promise.all(orphaned.map((key) => storage.remove(visibility, key)));
      orphans += orphaned.length;
    }
  }
  const staged = await storage.removeStaleStaged(new Date(now.getTime() - STAGED_TTL_MS));
  const summary = { orphans, staged };
  if (orphans || staged) log?.info(summary, 'stored files without an upload removed');
  return summary;
}
