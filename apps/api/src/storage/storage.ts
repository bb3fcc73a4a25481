import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded and seeded files live. Two visibilities: `public` files (re-encoded images) are served
 * as static files under /uploads/; `private` files (documents) only through signed, expiring URLs.
 * Two drivers: local disk under DATA_DIR (this file, the default) and S3-compatible object storage
 * (s3-storage.ts, when S3_BUCKET is set); create one with createStorage(config).
 */
export type Visibility = 'public' | 'private';

export interface StoredObject {
  size: number;
  stream: Readable;
}

/** A file written where nobody can read it yet (see Storage.stage). */
export interface StagedFile {
  /** Makes the whole file appear at its key at once. */
  publish(): Promise<void>;
  /** Drops it (nothing happens if it was published). */
  discard(): Promise<void>;
}

/** A stored file as the cleanup's sweep sees it. */
export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

export interface Storage {
  /** Writes a file at `key`; readers see all of it or nothing, never a part. */
  put(visibility: Visibility, key: string, body: Buffer): Promise<void>;
  /**
   * Writes `body` under a temporary name first (full space or bucket errors surface here), so an
   * upload can commit its row before the file shows at `key`: a process killed in between leaves a
   * temporary file, never a truncated one at a public name. StorageFullError when there is no room.
   */
  stage(visibility: Visibility, key: string, body: Buffer): Promise<StagedFile>;
  /** Every file whose key starts with `prefix` (a folder such as `images/`), a page at a time. */
  list(visibility: Visibility, prefix: string): AsyncIterable<StoredEntry[]>;
  /** Removes temporary files of stage() written before `before` (their process died); answers how many. */
  removeStaleStaged(before: Date): Promise<number>;
  get(visibility: Visibility, key: string): Promise<StoredObject | null>;
  exists(visibility: Visibility, key: string): Promise<boolean>;
  remove(visibility: Visibility, key: string): Promise<void>;
  /** The public URL path of a public file, e.g. /uploads/images/ab/abcd.webp */
  publicUrl(key: string): string;
  /** Absolute directory of public files (served statically); null when they are not on this disk. */
  publicRoot: string | null;
  /**
   * A short-lived URL the browser can download a private file from directly (S3 pre-signed GET),
   * or absent: the server streams the file itself.
   */
  downloadUrl?(key: string, file: { mimeType: string; disposition: string }): Promise<string>;
  /**
   * Whether the store answers now (object storage: a cheap request, cached for a few seconds), for
   * /api/health; absent for the local disk, whose state the health check reads from DATA_DIR itself.
   */
  health?(): Promise<'ok' | 'unreachable'>;
}

/** The file system (or bucket quota) has no room for the file; nothing of it was kept. */
export class StorageFullError extends Error {}

/**
 * The store did not answer in time or refused the connection (a bucket that is down or hangs): the
 * caller gets 503 SERVICE_UNAVAILABLE with Retry-After (lib/dependency-errors.ts), not a 500.
 */
export class StorageUnavailableError extends Error {}

const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

/** How many entries list() hands out at once (the sweep looks their rows up in one query). */
export const LIST_PAGE = 200;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalStorage(dataDir: string): Storage & { publicRoot: string } {
  const roots: Record<Visibility, string> = {
    public: path.join(dataDir, 'uploads', 'public'),
    private: path.join(dataDir, 'uploads', 'private'),
  };
  // Beside public/ and private/ (one file system, so rename is atomic), and never served.
  const staging = path.join(dataDir, 'uploads', 'staging');
  const resolve = (visibility: Visibility, key: string) => {
    assertSafeKey(key);
    return path.join(roots[visibility], key);
  };
  async function stage(visibility: Visibility, key: string, body: Buffer): Promise<StagedFile> {
    const file = resolve(visibility, key);
    const temp = path.join(staging, `${randomBytes(8).toString('hex')}-${path.basename(key)}`);
    try {
      await mkdir(staging, { recursive: true });
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(body);
        // On disk before it gets its name: a power cut must not leave a short file at a public name.
        await handle.datasync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      const code = (error as NodeJS.ErrnoException).code;
      if (code && NO_SPACE.has(code)) throw new StorageFullError(`no space left for ${key}`);
      throw error;
    }
    return {
      async publish() {
        await mkdir(path.dirname(file), { recursive: true });
        await rename(temp, file);
      },
      discard: () => rm(temp, { force: true }),
    };
  }
  return {
    publicRoot: roots.public,
    publicUrl: (key) => {
      assertSafeKey(key);
      return `/uploads/${key}`;
    },
    async put(visibility, key, body) {
      await (await stage(visibility, key, body)).publish();
    },
    stage,
    async *list(visibility, prefix) {
      assertSafeKey(prefix);
      let page: StoredEntry[] = [];
      for await (const entry of walk(roots[visibility], prefix.replace(/\/$/, ''))) {
        page.push(entry);
        if (page.length >= LIST_PAGE) {
          yield page;
          page = [];
        }
      }
      if (page.length) yield page;
    },
    async removeStaleStaged(before) {
      let removed = 0;
      for await (const entry of walk(staging, '')) {
        if (entry.modifiedAt >= before) continue;
        await rm(path.join(staging, entry.key), { force: true });
        removed += 1;
      }
      return removed;
    },
    async get(visibility, key) {
      const file = resolve(visibility, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { size: info.size, stream: createReadStream(file) };
      } catch {
        return null;
      }
    },
    async exists(visibility, key) {
      try {
        return (await stat(resolve(visibility, key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(visibility, key) {
      await rm(resolve(visibility, key), { force: true });
    },
  };
}

/** The files under `root/folder`, depth first, with keys relative to `root`; a missing folder is empty. */
async function* walk(root: string, folder: string): AsyncGenerator<StoredEntry> {
  let dir;
  try {
    dir = await opendir(path.join(root, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of dir) {
    const key = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(root, key);
    else if (entry.isFile()) {
      const info = await stat(path.join(root, key)).catch(() => null);
      if (info) yield { key, modifiedAt: info.mtime };
    }
  }
}
