import sharp from 'sharp';
import { mapLimit } from '../../lib/map-limit';
import type { StoredImage } from '../stored-files';
import type { Storage } from '../../storage/storage';
import { GALLERY, LOGO_SIZE, MEDIUM, THUMBNAIL, galleryArtwork, logoArtwork } from './artwork';
import type { DemoOpportunity } from './data/demo-opportunity';
import { themeOf } from './illustrations';
import { createRandom } from './random';

/**
 * Gallery pictures (with thumbnails) and a logo for each demo listing, rendered from SVG by sharp
 * and stored as public WebP files under seed/opportunities/. Files that already exist are kept, so
 * a restart costs a few stat calls; the pictures are deterministic, so a regenerated file is the same.
 */
export interface DemoImageSet {
  images: StoredImage[];
  logo: string;
}

const PREFIX = 'seed/opportunities';

export function demoImageKeys(item: Pick<DemoOpportunity, 'slug' | 'imageCount'>) {
  const gallery = Array.from({ length: item.imageCount }, (_, i) => ({
    key: `${PREFIX}/${item.slug}-${i + 1}.webp`,
    thumbKey: `${PREFIX}/${item.slug}-${i + 1}-thumb.webp`,
    mediumKey: `${PREFIX}/${item.slug}-${i + 1}-${MEDIUM.width}.webp`,
  }));
  return { gallery, logoKey: `${PREFIX}/${item.slug}-logo.webp` };
}

export function demoImageSet(storage: Storage, item: DemoOpportunity): DemoImageSet {
  const { gallery, logoKey } = demoImageKeys(item);
  return {
    images: gallery.map(({ key, thumbKey, mediumKey }) => ({
      url: storage.publicUrl(key),
      thumbnailUrl: storage.publicUrl(thumbKey),
      width: GALLERY.width,
      height: GALLERY.height,
      variants: [
        { url: storage.publicUrl(thumbKey), width: THUMBNAIL.width },
        { url: storage.publicUrl(mediumKey), width: MEDIUM.width },
      ],
    })),
    logo: storage.publicUrl(logoKey),
  };
}

/** Effort 1: about twice as fast as the default 4 for these flat pictures, at a few KB more. */
const WEBP = { quality: 80, effort: 1 } as const;

type Present = (key: string) => boolean;

/** Draws and writes the files of one listing that are not `present`; returns how many it wrote. */
async function drawListingImages(storage: Storage, item: DemoOpportunity, present: Present): Promise<number> {
  const theme = themeOf(item.businessTypeId);
  const { gallery, logoKey } = demoImageKeys(item);
  let written = 0;
  for (const [index, { key, thumbKey, mediumKey }] of gallery.entries()) {
    if (present(key) && present(thumbKey) && present(mediumKey)) continue;
    const artwork = galleryArtwork(theme, createRandom(`${item.slug}#${index + 1}`), index + 1);
    const { data, info } = await sharp(Buffer.from(artwork))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    if (!present(key)) {
      await storage.put('public', key, await sharp(data, raw).webp(WEBP).toBuffer());
      written++;
    }
    if (!present(thumbKey)) {
      const thumb = sharp(data, raw).resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover' });
      await storage.put('public', thumbKey, await thumb.webp(WEBP).toBuffer());
      written++;
    }
    // What a phone's gallery asks for (about 720 px wide at its pixel ratio): half the bytes.
    if (!present(mediumKey)) {
      const medium = sharp(data, raw).resize(MEDIUM.width, MEDIUM.height, { fit: 'cover' });
      await storage.put('public', mediumKey, await medium.webp(WEBP).toBuffer());
      written++;
    }
  }
  if (!present(logoKey)) {
    const artwork = logoArtwork(theme, createRandom(`${item.slug}#logo`));
    const logo = sharp(Buffer.from(artwork)).resize(LOGO_SIZE, LOGO_SIZE).webp(WEBP);
    await storage.put('public', logoKey, await logo.toBuffer());
    written++;
  }
  return written;
}

/** Existence checks in flight at once: about 300 keys, each a HEAD request on a bucket. */
const CHECKS_AT_ONCE = 16;

/**
 * Ensures every listing's files exist. The keys are checked CHECKS_AT_ONCE at a time (a restart does
 * nothing else; all at once, an empty S3 bucket's 300 HEADs timed out the start, issue 42); listings
 * with missing files are drawn `concurrency` at a time (libvips already uses threads inside each job;
 * a small number keeps a shared machine responsive). Returns the files written.
 */
export async function ensureDemoImages(
  storage: Storage,
  items: DemoOpportunity[],
  concurrency = 2,
): Promise<number> {
  const keys = items.flatMap((item) => {
    const { gallery, logoKey } = demoImageKeys(item);
    return [logoKey, ...gallery.flatMap((g) => [g.key, g.thumbKey, g.mediumKey])];
  });
  const exists = await mapLimit(keys, CHECKS_AT_ONCE, (key) => storage.exists('public', key));
  const existing = new Set(keys.filter((_, i) => exists[i]));
  const present: Present = (key) => existing.has(key);
  const todo = items.filter((item) => {
    const { gallery, logoKey } = demoImageKeys(item);
    return (
      !present(logoKey) ||
      gallery.some((g) => !present(g.key) || !present(g.thumbKey) || !present(g.mediumKey))
    );
  });

  const written = await mapLimit(todo, concurrency, (item) => drawListingImages(storage, item, present));
  return written.reduce((sum, count) => sum + count, 0);
}
