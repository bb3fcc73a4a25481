import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
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

export interface Storage {
  put(visibility: Visibility, key: string, body: Buffer): Promise<void>;
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
 * caller gets 503 SERVICE_UNAVAILABLE with Retry-After (plugins/dependency-errors.ts), not a 500.
 */
export class StorageUnavailableError extends Error {}

const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;

export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

export function createLocalStorage(dataDir: string): Storage & { publicRoot: string } {
  const roots: Record<Visibility, string> = {
    public: path.join(dataDir, 'uploads', 'public'),
    private: path.join(dataDir, 'uploads', 'private'),
  };
  const resolve = (visibility: Visibility, key: string) => {
    assertSafeKey(key);
    return path.join(roots[visibility], key);
  };
  return {
    publicRoot: roots.public,
    publicUrl: (key) => {
      assertSafeKey(key);
      return `/uploads/${key}`;
    },
    async put(visibility, key, body) {
      const file = resolve(visibility, key);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, body);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (!code || !NO_SPACE.has(code)) throw error;
        // A partly written file would be served truncated: remove it.
        await rm(file, { force: true }).catch(() => {});
        throw new StorageFullError(`no space left for ${key}`);
      }
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
