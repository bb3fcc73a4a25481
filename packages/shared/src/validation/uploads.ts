import { z } from 'zod';
import { LIMITS } from '../constants';

/**
 * Uploads (API.md "Uploads and files"). One file per call, multipart field `images` or `docs`.
 * Types are decided by content on the server; these lists let forms pre-filter the file picker.
 */
export const IMAGE_UPLOAD_FIELD = 'images';
export const DOCUMENT_UPLOAD_FIELD = 'docs';

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;
/** For `<input type="file" accept=...>`. */
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx';
export const UPLOAD_LIMITS = {
  imageMaxBytes: LIMITS.imageMaxBytes,
  documentMaxBytes: LIMITS.documentMaxBytes,
  /** Long edge of stored images; larger images are scaled down. */
  imageMaxEdge: 2000,
  /** A middle rendition for phones and half-width columns (srcset), made when the image is larger. */
  mediumMaxEdge: 960,
  thumbnailMaxEdge: 480,
  /**
   * Per user (429 UPLOAD_QUOTA past either): uploads not attached to any listing yet (a full listing
   * takes 5 pictures, 5 documents and a logo), and bytes uploaded in any 24 hours (the `size` each
   * upload answered with: a document's bytes, a picture's stored WebP).
   */
  pendingMaxFiles: 30,
  dailyMaxBytes: 100 * 1024 * 1024,
} as const;

/**
 * The size of `width`×`height` scaled down (never up) so that its long edge is at most `maxEdge`,
 * keeping the aspect ratio. The server resizes to exactly this size, so srcset widths computed from
 * the stored full size are the files' real widths.
 */
export function fitInside(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const uploadedImage = z.object({
  /** Public URL of the re-encoded WebP; what OpportunityInput.images and .logo take. */
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  mimeType: z.literal('image/webp'),
});
export const imageUploadResponse = z.object({ files: z.array(uploadedImage) });

export const uploadedDocument = z.object({
  /** The upload's id (a deal's checklist item attaches documents by it). */
  id: z.number().int(),
  /** Signed, expiring download URL; pass it back in OpportunityInput.documents[].url. */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  expiresAt: z.string(),
});
export const documentUploadResponse = z.object({ files: z.array(uploadedDocument) });

/** Query of a signed download link (GET /api/files/{key}); a missing or bad pair is a 403, not a 400. */
export const signedFileQuery = z
  .object({
    expires: z.string().max(20).optional(),
    signature: z.string().max(200).optional(),
    /** Listing and user a listing's link was signed for (API.md "Data room"). */
    o: z.string().max(20).optional(),
    /** The deal a checklist document's link was signed for (API.md "Deals"). */
    d: z.string().max(20).optional(),
    u: z.string().max(20).optional(),
  })
  .strict();
