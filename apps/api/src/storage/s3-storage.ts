import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  LIST_PAGE,
  StorageFullError,
  StorageUnavailableError,
  assertSafeKey,
  type Storage,
  type StoredEntry,
  type Visibility,
} from './storage';

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, s3rver in tests): one bucket, objects
 * under `public/<key>` and `private/<key>`. Nothing in the bucket needs to be public: the server
 * streams public images under /uploads/ (cached for a year by browsers and any CDN in front), and
 * documents are downloaded through a pre-signed URL that lives for a minute, handed out only after
 * the server has checked its own signed, expiring link (so revoking access stays the server's call).
 */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Overrides of S3_TIMEOUTS (tests shorten them). */
  timeouts?: Partial<S3Timeouts>;
}

/**
 * How long a request may wait on the bucket. Without these a bucket that accepts the connection and
 * never answers held uploads, image GETs and document links for minutes. Idle, not total, for the
 * transfer itself, so a 10 MB upload to a healthy bucket is never cut; 2 attempts of at most
 * connectMs + idleMs each, so a hung bucket answers 503 within about 5 s. After a failure the bucket
 * is taken as unreachable for openMs (calls fail at once instead of each waiting for its timeout).
 */
export interface S3Timeouts {
  connectMs: number;
  idleMs: number;
  attempts: number;
  openMs: number;
  /** /api/health: how long one probe may take, and how long its answer is reused. */
  probeMs: number;
  healthTtlMs: number;
}
export const S3_TIMEOUTS: S3Timeouts = {
  connectMs: 2_000,
  idleMs: 2_500,
  attempts: 2,
  openMs: 3_000,
  probeMs: 2_000,
  healthTtlMs: 5_000,
};

/** How long a pre-signed document URL works: long enough to start the download, no longer. */
export const PRESIGNED_SECONDS = 60;

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

/** Quota and full-disk answers of S3-compatible servers (MinIO: XMinioStorageFull; 507 from some). */
function isFull(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    /StorageFull|QuotaExceeded|InsufficientStorage/i.test(error.name) ||
    error.$metadata.httpStatusCode === 507
  );
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The bucket is away (refused, reset, timed out) or says it cannot serve now (5xx but 507). */
function isUnavailable(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 0;
    return (status >= 500 && status !== 507) || /ServiceUnavailable|SlowDown/.test(error.name);
  }
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (
    error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    (code !== undefined && NETWORK_CODES.has(code))
  );
}

export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const timeouts = { ...S3_TIMEOUTS, ...options.timeouts };
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Retries with back-off are the SDK's; a dead endpoint fails the request, not the process.
    maxAttempts: timeouts.attempts,
    requestHandler: { connectionTimeout: timeouts.connectMs, socketTimeout: timeouts.idleMs },
  });
  let unreachableUntil = 0;
  let lastHealth: { at: number; state: 'ok' | 'unreachable' } | null = null;
  let probe: Promise<'ok' | 'unreachable'> | null = null;
  const markUnreachable = () => {
    unreachableUntil = Date.now() + timeouts.openMs;
    lastHealth = { at: Date.now(), state: 'unreachable' };
  };
  /** Every call to the bucket: refused at once while it is known to be away, classified when it fails. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    if (Date.now() < unreachableUntil) throw new StorageUnavailableError('object storage unreachable');
    try {
      return await call();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      markUnreachable();
      throw new StorageUnavailableError(`object storage unreachable: ${String(error)}`, { cause: error });
    }
  }
  const objectKey = (visibility: Visibility, key: string) => {
    assertSafeKey(key);
    return `${visibility}/${key}`;
  };

  const storage: Storage & { client: S3Client } = {
    client,
    publicRoot: null,
    publicUrl: (key) => {
      assertSafeKey(key);
      return `/uploads/${key}`;
    },
    async put(visibility, key, body) {
      try {
        await guarded(() =>
          client.send(
            new PutObjectCommand({
              Bucket: options.bucket,
              Key: objectKey(visibility, key),
              Body: body,
              ContentType: contentTypeOf(key),
              ContentLength: body.length,
            }),
          ),
        );
      } catch (error) {
        if (isFull(error)) throw new StorageFullError(`no space left for ${key}`, { cause: error });
        throw error;
      }
    },
    /**
     * A PUT appears whole or not at all, so the bytes wait in memory and publish() is the PUT: no
     * temporary object to copy and to leave behind, and the object shows only after the row commits.
     */
    async stage(visibility, key, body) {
      objectKey(visibility, key);
      return { publish: () => storage.put(visibility, key, body), discard: async () => {} };
    },
    async *list(visibility, prefix) {
      assertSafeKey(prefix);
      const root = `${visibility}/`;
      let token: string | undefined;
      do {
        const page = await guarded(() =>
          client.send(
            new ListObjectsV2Command({
              Bucket: options.bucket,
              Prefix: `${root}${prefix}`,
              ContinuationToken: token,
              MaxKeys: LIST_PAGE,
            }),
          ),
        );
        const entries: StoredEntry[] = (page.Contents ?? [])
          .filter((object) => object.Key?.startsWith(root) && object.LastModified)
          .map((object) => ({ key: object.Key!.slice(root.length), modifiedAt: object.LastModified! }));
        if (entries.length) yield entries;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    /** Nothing is staged in the bucket (see stage). */
    removeStaleStaged: async () => 0,
    async get(visibility, key) {
      try {
        const object = await guarded(() =>
          client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) })),
        );
        return { size: Number(object.ContentLength ?? 0), stream: object.Body as Readable };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(visibility, key) {
      try {
        await guarded(() =>
          client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) })),
        );
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async remove(visibility, key) {
      // Deleting a missing object succeeds in S3, as rm --force does on disk.
      await guarded(() =>
        client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) })),
      );
    },
    async downloadUrl(key, file) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: options.bucket,
          Key: objectKey('private', key),
          ResponseContentType: file.mimeType,
          ResponseContentDisposition: file.disposition,
        }),
        { expiresIn: PRESIGNED_SECONDS },
      );
    },
    /** Any answer of the server (even 403: HeadBucket needs a permission we may lack) means it is up. */
    async health() {
      if (Date.now() < unreachableUntil) return 'unreachable';
      if (lastHealth && Date.now() - lastHealth.at < timeouts.healthTtlMs) return lastHealth.state;
      probe ??= client
        .send(new HeadBucketCommand({ Bucket: options.bucket }), {
          abortSignal: AbortSignal.timeout(timeouts.probeMs),
        })
        .then(
          () => 'ok' as const,
          (error: unknown) => (isUnavailable(error) ? ('unreachable' as const) : ('ok' as const)),
        )
        .then((state) => {
          lastHealth = { at: Date.now(), state };
          return state;
        })
        .finally(() => {
          probe = null;
        });
      return probe;
    },
  };
  return storage;
}
