import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fitInside, UPLOAD_LIMITS } from '@safqa/shared/validation/uploads';
import type { StoredDocument, StoredImage } from '../../db/stored-files';
import { AppError } from '../../lib/app-error';
import { StorageFullError, type StagedFile, type Storage, type Visibility } from '../../storage/storage';
import { detectDocument, detectImage, DOCUMENT_TYPES } from './detect';
import { ImageTooLargeError, reencodeImage } from './image';
import type { UploadQuota } from './quota';
import type { NewUpload, UploadsRepository } from './repository';
import {
  attachmentDisposition,
  documentKeyFromUrl,
  imageKeyFromUrl,
  safeFileName,
  type FileScope,
  type FileSigner,
  type SignedUrl,
} from './signed-url';

/**
 * Decides whether a signed document link may be used now; throws an AppError to refuse. It may answer
 * the name the document goes by where the link came from (a listing's document is named by its
 * owner), which the download is saved under instead of the uploaded file's own name.
 */
export type DocumentGuard = (download: {
  key: string;
  scope: FileScope | null;
}) => Promise<{ name: string } | void>;

/** Why a document link no longer opens: said on the page a browser is shown (unavailable-page.ts). */
export type LinkRefusal = 'expired' | 'revoked' | 'unavailable';

/** A 403 FORBIDDEN like any other for API clients, carrying its reason for a browser's page. */
export class DocumentLinkRefused extends AppError<'FORBIDDEN'> {
  constructor(readonly reason: LinkRefusal) {
    super(403, 'FORBIDDEN');
  }
}

export interface UploadedImageResult {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  size: number;
  mimeType: 'image/webp';
}
export interface UploadedDocumentResult extends SignedUrl {
  id: number;
  name: string;
  size: number;
  mimeType: string;
}
/** A document to send: its bytes (local disk), or where the browser gets them (object storage). */
export type DocumentDownload = { mimeType: string; name: string } & (
  | { stream: Readable; size: number; redirect?: undefined }
  | { redirect: string; stream?: undefined; size?: undefined }
);

function newKey(folder: 'images' | 'docs', ext: string, suffix = '') {
  const id = randomBytes(16).toString('hex');
  return { id, key: `${folder}/${new Date().getUTCFullYear()}/${id}${suffix}.${ext}` };
}

/** The smaller renditions of an uploaded image with their widths (the same sizes reencodeImage made). */
function imageVariants(row: {
  width: number | null;
  height: number | null;
  thumbnailKey: string | null;
  mediumKey: string | null;
}): { key: string; width: number }[] {
  if (!row.width || !row.height) return [];
  const sized = (key: string | null, maxEdge: number) =>
    key ? [{ key, width: fitInside(row.width!, row.height!, maxEdge).width }] : [];
  return [
    ...sized(row.thumbnailKey, UPLOAD_LIMITS.thumbnailMaxEdge),
    ...sized(row.mediumKey, UPLOAD_LIMITS.mediumMaxEdge),
  ];
}

const discardAll = (staged: StagedFile[]) =>
  Promise.all(staged.map((file) => file.discard().catch(() => {})));
const storageError = (error: unknown) =>
  error instanceof StorageFullError ? new AppError(507, 'INSUFFICIENT_STORAGE') : error;

/**
 * Stores one upload, all or none, in an order a crash cannot break: the files are written under
 * temporary names, the row commits (within the user's quota), then the files get their names. A
 * process killed before the commit leaves temporary files, after it a row whose files may be missing
 * (never acknowledged, so nobody holds its URL); the daily cleanup removes both. Nothing is ever at a
 * public name half written or without its row. A full disk or bucket is a 507 with nothing kept.
 */
async function storeUpload(
  storage: Storage,
  quota: UploadQuota,
  repo: UploadsRepository,
  visibility: Visibility,
  files: Array<[string, Buffer]>,
  row: NewUpload & { uploadedBy: number },
): Promise<number> {
  const staged: StagedFile[] = [];
  try {
    for (const [key, body] of files) staged.push(await storage.stage(visibility, key, body));
  } catch (error) {
    await discardAll(staged);
    throw storageError(error);
  }
  let inserted;
  try {
    inserted = await quota.insert(row);
  } catch (error) {
    await discardAll(staged);
    throw error;
  }
  try {
    await Promise.all(staged.map((file) => file.publish()));
  } catch (error) {
    // Not acknowledged: files first, then the row (as the cleanup does).
    await discardAll(staged);
    await Promise.all(files.map(([key]) => storage.remove(visibility, key).catch(() => {})));
    await repo.remove(inserted.id).catch(() => {});
    throw storageError(error);
  }
  return inserted.id;
}

const unsupported = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');

export function createUploadsService(deps: {
  repo: UploadsRepository;
  storage: Storage;
  signer: FileSigner;
  quota: UploadQuota;
  /**
   * The check every download passes after its signature (the data room: confidential documents only
   * for the owner, admins and approved requesters, at download time). It throws to refuse. Without
   * one, a document held as confidential is never served (see openDocument).
   */
  documentGuard?: DocumentGuard;
}) {
  const { repo, storage, signer, quota } = deps;
  const guard = deps.documentGuard ?? null;

  return {
    async uploadImage(userId: number, input: Buffer, filename: string | undefined) {
      if (input.length > UPLOAD_LIMITS.imageMaxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
      // Its stored size is known after re-encoding; the count already tells most refusals.
      await quota.check(userId, 0);
      const kind = await detectImage(input);
      if (!kind) throw unsupported();
      let encoded;
      try {
        encoded = await reencodeImage(input, kind);
      } catch (error) {
        if (error instanceof ImageTooLargeError) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
        throw unsupported();
      }
      const { key, id } = newKey('images', 'webp');
      const thumbnailKey = key.replace(`${id}.webp`, `${id}-thumb.webp`);
      const mediumKey = encoded.medium ? key.replace(`${id}.webp`, `${id}-960.webp`) : null;
      const files: Array<[string, Buffer]> = [
        [key, encoded.full.data],
        [thumbnailKey, encoded.thumbnail.data],
        ...(mediumKey && encoded.medium ? [[mediumKey, encoded.medium.data] as [string, Buffer]] : []),
      ];
      await storeUpload(storage, quota, repo, 'public', files, {
        key,
        kind: 'image',
        uploadedBy: userId,
        originalName: safeFileName(filename, 'webp'),
        mimeType: 'image/webp',
        size: encoded.full.data.length,
        width: encoded.full.width,
        height: encoded.full.height,
        thumbnailKey,
        mediumKey,
      });
      return {
        url: storage.publicUrl(key),
        thumbnailUrl: storage.publicUrl(thumbnailKey),
        width: encoded.full.width,
        height: encoded.full.height,
        size: encoded.full.data.length,
        mimeType: 'image/webp',
      } satisfies UploadedImageResult;
    },

    async uploadDocument(userId: number, input: Buffer, filename: string | undefined) {
      if (input.length > UPLOAD_LIMITS.documentMaxBytes) throw new AppError(413, 'PAYLOAD_TOO_LARGE');
      await quota.check(userId, input.length);
      const kind = await detectDocument(input);
      if (!kind) throw unsupported();
      const type = DOCUMENT_TYPES[kind];
      const { key } = newKey('docs', type.ext);
      const name = safeFileName(filename, type.ext);
      const id = await storeUpload(storage, quota, repo, 'private', [[key, input]], {
        key,
        kind: 'document',
        uploadedBy: userId,
        originalName: name,
        mimeType: type.mime,
        size: input.length,
      });
      return {
        id,
        ...signer.sign(key),
        name,
        size: input.length,
        mimeType: type.mime,
      } satisfies UploadedDocumentResult;
    },

    /**
     * Turns the image URLs of an opportunity input into stored images. Each must be an image the
     * caller uploaded, or one the opportunity already holds (`current`). Failures name the field.
     */
    async resolveImages(userId: number, urls: string[], current: StoredImage[]): Promise<StoredImage[]> {
      const unique = [...new Set(urls)];
      const keys = unique.map(imageKeyFromUrl);
      const rows = await repo.findByKeys(
        'image',
        keys.filter((k): k is string => k !== null),
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const fields: Record<string, string> = {};
      const resolved = unique.map((url, i): StoredImage | null => {
        const kept = current.find((img) => img.url === url);
        if (kept) return kept;
        const row = keys[i] ? byKey.get(keys[i]) : undefined;
        if (!row || row.uploadedBy !== userId) {
          fields[`images.${urls.indexOf(url)}`] = 'upload_unknown';
          return null;
        }
        return {
          url: storage.publicUrl(row.key),
          thumbnailUrl: row.thumbnailKey ? storage.publicUrl(row.thumbnailKey) : undefined,
          width: row.width ?? undefined,
          height: row.height ?? undefined,
          variants: imageVariants(row).map((v) => ({ url: storage.publicUrl(v.key), width: v.width })),
        };
      });
      if (Object.keys(fields).length) throw new AppError(400, 'VALIDATION_FAILED', { fields });
      return resolved as StoredImage[];
    },

    /** A logo is an uploaded image too (or the one the opportunity already has). */
    async resolveLogo(userId: number, url: string | null, current: string | null): Promise<string | null> {
      if (!url || url === current) return url;
      const key = imageKeyFromUrl(url);
      const row = key ? (await repo.findByKeys('image', [key]))[0] : undefined;
      if (!row || row.uploadedBy !== userId) {
        throw new AppError(400, 'VALIDATION_FAILED', { fields: { logo: 'upload_unknown' } });
      }
      return storage.publicUrl(row.key);
    },

    async resolveDocuments(
      userId: number,
      refs: Array<{ url: string; name: string; confidential?: boolean }>,
      current: StoredDocument[],
    ): Promise<StoredDocument[]> {
      const keys = refs.map((ref) => documentKeyFromUrl(ref.url));
      const rows = await repo.findByKeys(
        'document',
        keys.filter((k): k is string => k !== null),
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const fields: Record<string, string> = {};
      const seen = new Set<string>();
      const resolved: StoredDocument[] = [];
      refs.forEach((ref, i) => {
        const key = keys[i];
        if (key && seen.has(key)) return;
        const kept = key ? current.find((d) => d.key === key) : undefined;
        const row = key ? byKey.get(key) : undefined;
        if (!kept && (!row || row.uploadedBy !== userId)) {
          fields[`documents.${i}.url`] = 'upload_unknown';
          return;
        }
        seen.add(key!);
        const ext = (kept?.name ?? row!.originalName).split('.').pop() ?? 'pdf';
        resolved.push({
          key: key!,
          name: safeFileName(ref.name, ext),
          size: kept?.size ?? row!.size,
          mimeType: kept?.mimeType ?? row!.mimeType,
          confidential: ref.confidential ?? false,
        });
      });
      if (Object.keys(fields).length) throw new AppError(400, 'VALIDATION_FAILED', { fields });
      return resolved;
    },

    /**
     * The document upload behind `url` if `userId` made it, as a document a listing can hold under
     * `name` (made safe, its extension kept), with its upload id; null for anything else (an image,
     * someone else's file, a made-up link).
     */
    async ownDocument(
      userId: number,
      url: string,
      name: string,
    ): Promise<{ id: number; document: StoredDocument } | null> {
      const key = documentKeyFromUrl(url);
      const row = key ? await repo.findByKey(key) : null;
      if (!row || row.kind !== 'document' || row.uploadedBy !== userId) return null;
      const ext = row.originalName.split('.').pop() ?? 'pdf';
      return {
        id: row.id,
        document: { key: row.key, name: safeFileName(name, ext), size: row.size, mimeType: row.mimeType },
      };
    },

    /** Upload ids of stored document keys (a listing's documents are addressed by them). */
    async documentIds(keys: string[]): Promise<Map<string, number>> {
      const rows = await repo.findByKeys('document', keys);
      return new Map(rows.map((row) => [row.key, row.id]));
    },

    /** A document upload by its id with who uploaded it; null for an image or an unknown id. */
    async documentOf(
      id: number,
    ): Promise<{ id: number; key: string; name: string; uploadedBy: number | null } | null> {
      const row = await repo.findById(id);
      if (row?.kind !== 'document') return null;
      return { id: row.id, key: row.key, name: row.originalName, uploadedBy: row.uploadedBy };
    },

    /** The stored key of a document upload by its id; null when there is none. */
    async documentKeyById(id: number): Promise<string | null> {
      const row = await repo.findById(id);
      return row?.kind === 'document' ? row.key : null;
    },

    /**
     * A signed link to a document. A listing's documents are signed for the listing and the caller, a
     * deal's for the deal and the caller (`scope`), so that the download can check the caller's
     * access again at that moment.
     */
    signDocument(key: string, scope?: FileScope): SignedUrl {
      return signer.sign(key, undefined, scope);
    },

    /**
     * Opens a private document for a signed link: 403 when the link is forged or expired or the
     * guard refuses, 404 when gone. The guard runs before any redirect to object storage.
     */
    async openDocument(
      key: string,
      expires: number,
      signature: string,
      scope: FileScope | null = null,
    ): Promise<DocumentDownload> {
      const signed = signer.verify(key, expires, signature, scope ?? undefined);
      if (signed !== 'ok') throw new DocumentLinkRefused(signed === 'expired' ? 'expired' : 'unavailable');
      if (!guard) throw new DocumentLinkRefused('unavailable');
      const granted = await guard({ key, scope });
      const row = await repo.findByKey(key);
      if (row?.kind !== 'document') throw new AppError(404, 'NOT_FOUND');
      const file = { mimeType: row.mimeType, name: granted?.name ?? row.originalName };
      // Object storage: the browser fetches the bytes from the bucket with a one-minute pre-signed URL.
      if (storage.downloadUrl) {
        if (!(await storage.exists('private', key))) throw new AppError(404, 'NOT_FOUND');
        const url = await storage.downloadUrl(key, {
          mimeType: file.mimeType,
          disposition: attachmentDisposition(file.name),
        });
        return { ...file, redirect: url };
      }
      const object = await storage.get('private', key);
      if (!object) throw new AppError(404, 'NOT_FOUND');
      return { ...file, stream: object.stream, size: object.size };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
