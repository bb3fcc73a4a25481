import { iconAt, type Theme } from './illustrations';
import type { Random } from './random';

/**
 * SVG compositions for the demo galleries and logos: gradients, an eight-pointed-star pattern,
 * layered dunes and the business type's icon. Everything is drawn from `random`, so one seed string
 * always yields the same picture.
 */
export const GALLERY = { width: 1200, height: 800 } as const;
export const THUMBNAIL = { width: 400, height: 267 } as const;
export const MEDIUM = { width: 800, height: 533 } as const;
export const LOGO_SIZE = 256;

const W = GALLERY.width;
const H = GALLERY.height;

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function gradient(id: string, theme: Theme, angle: number): string {
  const rad = (angle * Math.PI) / 180;
  const x = (Math.cos(rad) + 1) / 2;
  const y = (Math.sin(rad) + 1) / 2;
  return `<linearGradient id="${id}" x1="${(1 - x).toFixed(3)}" y1="${(1 - y).toFixed(3)}" x2="${x.toFixed(3)}" y2="${y.toFixed(3)}"><stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/></linearGradient>`;
}

/** An eight-pointed star (two overlapping squares) repeated as a faint pattern. */
function starPattern(id: string, size: number, color: string, opacity: number): string {
  const c = size / 2;
  const s = size * 0.28;
  const square = `<rect x="${c - s}" y="${c - s}" width="${2 * s}" height="${2 * s}"/>`;
  return `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse"><g fill="none" stroke="${color}" stroke-opacity="${opacity}" stroke-width="2">${square}<g transform="rotate(45 ${c} ${c})">${square}</g><circle cx="${c}" cy="${c}" r="${s * 0.45}"/></g></pattern>`;
}

function glows(random: Random, count: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = random.int(40, 170);
    out += `<circle cx="${random.int(0, W)}" cy="${random.int(0, H)}" r="${r}" fill="${color}" fill-opacity="${(0.04 + random.next() * 0.1).toFixed(3)}"/>`;
  }
  return out;
}

/** Icon on a light card, over the gradient and the star pattern. */
function heroScene(theme: Theme, random: Random): string {
  const angle = random.int(0, 359);
  const cardX = random.pick([150, 220, 620, 690]);
  const cardY = random.int(190, 250);
  const sunX = cardX < 600 ? random.int(800, 1000) : random.int(200, 400);
  return svg(
    W,
    H,
    `<defs>${gradient('bg', theme, angle)}${starPattern('stars', random.pick([80, 100, 120]), '#ffffff', 0.18)}</defs>` +
      `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#stars)"/>` +
      glows(random, 7, '#ffffff') +
      `<circle cx="${sunX}" cy="${random.int(220, 520)}" r="${random.int(110, 170)}" fill="${theme.light}" fill-opacity="0.25"/>` +
      `<rect x="${cardX + 14}" y="${cardY + 18}" width="360" height="360" rx="48" fill="#000000" fill-opacity="0.16"/>` +
      `<rect x="${cardX}" y="${cardY}" width="360" height="360" rx="48" fill="${theme.light}"/>` +
      iconAt(theme, cardX + 55, cardY + 55, 250, theme.from, theme.to),
  );
}

/** Sky, sun and layered dunes, with the icon standing on the front dune. */
function landscapeScene(theme: Theme, random: Random): string {
  const layers = [0.35, 0.55, 0.8];
  let dunes = '';
  layers.forEach((opacity, i) => {
    const base = 470 + i * 95;
    const crest = base - random.int(60, 130);
    const mid = random.int(300, 900);
    dunes += `<path d="M0 ${base} Q ${mid} ${crest - 80} ${W} ${base - random.int(0, 60)} V ${H} H 0 Z" fill="${theme.from}" fill-opacity="${opacity}"/>`;
  });
  const iconX = random.pick([120, 780]);
  return svg(
    W,
    H,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${theme.to}"/><stop offset="1" stop-color="${theme.light}"/></linearGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      `<circle cx="${random.int(250, 950)}" cy="${random.int(170, 300)}" r="${random.int(70, 110)}" fill="#ffffff" fill-opacity="0.55"/>` +
      glows(random, 4, '#ffffff') +
      dunes +
      iconAt(theme, iconX, 360, 300, theme.light, theme.light),
  );
}

/** A grid of rounded tiles in the palette, some holding a small icon. */
function mosaicScene(theme: Theme, random: Random): string {
  const cell = 200;
  const fills = [theme.from, theme.to, theme.light];
  let tiles = '';
  for (let row = 0; row < H / cell; row++) {
    for (let col = 0; col < W / cell; col++) {
      const x = col * cell;
      const y = row * cell;
      const fill = random.pick(fills);
      tiles += `<rect x="${x + 10}" y="${y + 10}" width="${cell - 20}" height="${cell - 20}" rx="${random.pick([24, 48, 90])}" fill="${fill}"/>`;
      if (random.next() < 0.35) {
        const stroke = fill === theme.light ? theme.from : theme.light;
        tiles += iconAt(theme, x + 45, y + 45, 110, stroke, stroke);
      }
    }
  }
  return svg(
    W,
    H,
    `<defs>${starPattern('stars', 100, theme.from, 0.12)}</defs><rect width="${W}" height="${H}" fill="${theme.light}"/><rect width="${W}" height="${H}" fill="url(#stars)"/>${tiles}`,
  );
}

/** Gallery picture `index` (1-based) of a listing: hero, landscape, mosaic. */
export function galleryArtwork(theme: Theme, random: Random, index: number): string {
  const scenes = [heroScene, landscapeScene, mosaicScene];
  const scene = scenes[(index - 1) % scenes.length]!;
  return scene(theme, random);
}

/** A square logo: gradient tile, star ring and the icon in white. */
export function logoArtwork(theme: Theme, random: Random): string {
  const s = LOGO_SIZE;
  return svg(
    s,
    s,
    `<defs>${gradient('bg', theme, random.int(0, 359))}${starPattern('stars', 64, '#ffffff', 0.16)}</defs>` +
      `<rect width="${s}" height="${s}" rx="56" fill="url(#bg)"/><rect width="${s}" height="${s}" rx="56" fill="url(#stars)"/>` +
      `<circle cx="${s / 2}" cy="${s / 2}" r="${s * 0.36}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="6"/>` +
      iconAt(theme, s * 0.25, s * 0.25, s * 0.5, '#ffffff', '#ffffff'),
  );
}
