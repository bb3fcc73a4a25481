import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StorageFullError, assertSafeKey, type Storage, type Visibility } from './storage';

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
}

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

export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Retries with back-off are the SDK's (3 attempts); a dead endpoint fails the request, not the process.
    maxAttempts: 3,
  });
  const objectKey = (visibility: Visibility, key: string) => {
    assertSafeKey(key);
    return `${visibility}/${key}`;
  };

  return {
    client,
    publicRoot: null,
    publicUrl: (key) => {
      assertSafeKey(key);
      return `/uploads/${key}`;
    },
    async put(visibility, key, body) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: objectKey(visibility, key),
            Body: body,
            ContentType: contentTypeOf(key),
            ContentLength: body.length,
          }),
        );
      } catch (error) {
        if (isFull(error)) throw new StorageFullError(`no space left for ${key}`, { cause: error });
        throw error;
      }
    },
    async get(visibility, key) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) }),
        );
        return { size: Number(object.ContentLength ?? 0), stream: object.Body as Readable };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(visibility, key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async remove(visibility, key) {
      // Deleting a missing object succeeds in S3, as rm --force does on disk.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(visibility, key) }));
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
  };
}
