import sharp, { type Metadata } from 'sharp';
import { fitInside, UPLOAD_LIMITS } from '@safqa/shared/validation/uploads';
import type { ImageKind } from './detect';

/**
 * Re-encodes an accepted image: decoded by sharp (which must agree with the detected format),
 * rotated upright from its EXIF orientation, scaled down to the long-edge cap, written as WebP with
 * no metadata (EXIF, GPS, XMP and ICC dropped), plus a thumbnail. Only the first frame of an
 * animation is kept. Decoding stops before allocating more than MAX_INPUT_PIXELS (decompression bombs).
 * A medium rendition (long edge 960) is made when the image is larger than that, for srcset.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

export class ImageTooLargeError extends Error {}
export class ImageDecodeError extends Error {}

export interface EncodedImage {
  full: { data: Buffer; width: number; height: number };
  thumbnail: { data: Buffer; width: number; height: number };
  /** Absent when the full image is already no larger than the medium size. */
  medium: { data: Buffer; width: number; height: number } | null;
}

export async function reencodeImage(input: Buffer, kind: ImageKind): Promise<EncodedImage> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, sequentialRead: true };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (error) {
    throw classify(error);
  }
  if (meta.format !== kind) throw new ImageDecodeError(`decoder saw ${meta.format}, content said ${kind}`);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new ImageTooLargeError(`${meta.width}x${meta.height}`);
  }
  try {
    const full = await sharp(input, options)
      .rotate()
      .resize({
        width: UPLOAD_LIMITS.imageMaxEdge,
        height: UPLOAD_LIMITS.imageMaxEdge,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    // Exact sizes from fitInside(), so the srcset widths derived from the full size are true.
    const rendition = async (maxEdge: number, quality: number) => {
      const size = fitInside(full.info.width, full.info.height, maxEdge);
      const data = await sharp(full.data)
        .resize(size.width, size.height, { fit: 'fill' })
        .webp({ quality })
        .toBuffer();
      return { data, ...size };
    };
    const needsMedium = Math.max(full.info.width, full.info.height) > UPLOAD_LIMITS.mediumMaxEdge;
    return {
      full: { data: full.data, width: full.info.width, height: full.info.height },
      thumbnail: await rendition(UPLOAD_LIMITS.thumbnailMaxEdge, 75),
      medium: needsMedium ? await rendition(UPLOAD_LIMITS.mediumMaxEdge, 80) : null,
    };
  } catch (error) {
    throw classify(error);
  }
}

function classify(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return /pixel limit/i.test(message) ? new ImageTooLargeError(message) : new ImageDecodeError(message);
}
