// Writes apps/web/public/media/og-default.png, the preview image of pages without one of their own
// (1200x630). Run after changing the design in src/modules/seo/og-image.ts:
//   node --import tsx apps/api/src/cli/make-site-preview.ts
import path from 'node:path';
import sharp from 'sharp';
import { siteSvg } from '../modules/seo/og-image';

const target = path.resolve(import.meta.dirname, '../../../web/public/media/og-default.png');
await sharp(Buffer.from(siteSvg())).png({ compressionLevel: 9 }).toFile(target);
console.log(`wrote ${target}`);
