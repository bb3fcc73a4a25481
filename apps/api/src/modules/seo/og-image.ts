import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import {
  placeLine,
  visualPieces,
  words,
  wrap,
  type Direction,
  type Script,
} from '../../lib/bidi-line-layout';

/**
 * The 1200x630 preview image of a listing (og:image): its Arabic and English names, asking amount,
 * city and business type, and our mark. Text is shaped with fontkit (Arabic letters joined, as in the
 * teaser PDF) in the Cairo font the site uses and drawn as SVG paths, so no text of the listing ever
 * becomes markup (nothing to escape, nothing to inject), then sharp turns the SVG into a PNG.
 */

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const require = createRequire(import.meta.url);
const FONTS: Record<`${Script}-${400 | 700}`, fontkit.Font> = {
  'ar-400': fontkit.openSync(require.resolve('@fontsource/cairo/files/cairo-arabic-400-normal.woff')),
  'ar-700': fontkit.openSync(require.resolve('@fontsource/cairo/files/cairo-arabic-700-normal.woff')),
  'en-400': fontkit.openSync(require.resolve('@fontsource/cairo/files/cairo-latin-400-normal.woff')),
  'en-700': fontkit.openSync(require.resolve('@fontsource/cairo/files/cairo-latin-700-normal.woff')),
};

/** Bidi controls and other invisible format characters have no glyph and could reorder the text. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

export interface PreviewFacts {
  nameAr: string;
  nameEn: string;
  /** Already formatted, e.g. "SAR 750,000". */
  amount: string;
  placeAr: string;
  placeEn: string;
  businessTypeAr: string;
  businessTypeEn: string;
}

export interface TextStyle {
  size: number;
  weight: 400 | 700;
  color: string;
}

function font(script: Script, weight: 400 | 700) {
  return FONTS[`${script}-${weight}`];
}

function measureWith(style: TextStyle) {
  return (text: string, script: Script) => {
    const f = font(script, style.weight);
    const run = f.layout(text);
    return (run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * style.size) / f.unitsPerEm;
  };
}

/** SVG path data of `text` shaped in one font, starting at (x, baseline). */
function shapedPath(text: string, script: Script, style: TextStyle, x: number, baseline: number): string {
  const f = font(script, style.weight);
  const scale = style.size / f.unitsPerEm;
  const run = f.layout(text);
  // fontkit returns a right-to-left run in visual order already (left to right on the page).
  let penX = x;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const gx = penX + position.xOffset * scale;
    const gy = baseline - position.yOffset * scale;
    const d = glyph.path.toSVG();
    if (d)
      parts.push(
        `<path transform="translate(${gx.toFixed(2)} ${gy.toFixed(2)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`,
      );
    penX += position.xAdvance * scale;
  });
  return parts.join('');
}

/**
 * The lines of `text` in a box: wrapped by words at the style's size, and when there are more than
 * `maxLines`, the last one cut with an ellipsis where it fits.
 */
export function layoutLines(
  text: string,
  base: Direction,
  style: TextStyle,
  box: { width: number; maxLines: number },
): { lines: string[][]; cut: boolean } {
  const measure = measureWith(style);
  const space = measure(' ', base === 'rtl' ? 'ar' : 'en');
  const lines = wrap(text, box.width, measure, space);
  if (lines.length <= box.maxLines) return { lines, cut: false };
  const kept = lines.slice(0, box.maxLines);
  const last = kept[box.maxLines - 1]!;
  while (last.length > 1 && placeLine([...last, '…'], base, measure, space).width > box.width) last.pop();
  last.push('…');
  return { lines: kept, cut: true };
}

/**
 * One line of `text` at the largest size from `style.size` down to `minSize` at which it fits `width`
 * (widths grow in proportion to the size). Arabic set in Cairo is wider than the same facts in English,
 * so a fixed size cut the Arabic place line where the English one fitted.
 */
export function fittedStyle(
  text: string,
  base: Direction,
  style: TextStyle,
  width: number,
  minSize: number,
): TextStyle {
  const measure = measureWith(style);
  const space = measure(' ', base === 'rtl' ? 'ar' : 'en');
  const natural = placeLine(words(text), base, measure, space).width;
  if (natural <= width) return style;
  return { ...style, size: Math.max(minSize, Math.floor((style.size * width) / natural)) };
}

/**
 * Up to `maxLines` lines of `text` within `width`, aligned to the start of `base` (right for Arabic),
 * the last one cut with an ellipsis when the text is longer. Answers the SVG and the height used.
 */
function paragraph(
  text: string,
  base: Direction,
  style: TextStyle,
  box: { x: number; y: number; width: number; maxLines: number; lineHeight: number },
): { svg: string; height: number } {
  const clean = text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  if (!clean) return { svg: '', height: 0 };
  const { lines } = layoutLines(clean, base, style, box);
  const measure = measureWith(style);
  const space = measure(' ', base === 'rtl' ? 'ar' : 'en');
  const parts: string[] = [];
  lines.forEach((line, index) => {
    const placed = placeLine(line, base, measure, space);
    const left = base === 'rtl' ? box.x + box.width - Math.min(placed.width, box.width) : box.x;
    const baseline = box.y + box.lineHeight * (index + 0.8);
    for (const word of placed.words) {
      let x = left + word.x;
      for (const piece of visualPieces(word.text)) {
        parts.push(shapedPath(piece.text, piece.script, style, x, baseline));
        x += measure(piece.text, piece.script);
      }
    }
  });
  return { svg: `<g fill="${style.color}">${parts.join('')}</g>`, height: lines.length * box.lineHeight };
}

/** The amount column takes at most this width; the place lines have the rest of the band. */
const MAX_AMOUNT_WIDTH = 420;
const BAND_GAP = 32;

/**
 * The facts band's layout: the amount as wide as it is measured (not a fixed column), and each place
 * line at the size that fits the room left (down to a floor, then cut with an ellipsis).
 */
export function previewBand(facts: PreviewFacts, inner: number) {
  const amountStyle: TextStyle = { size: 52, weight: 700, color: '#0f172a' };
  const amountWidth = Math.min(MAX_AMOUNT_WIDTH, Math.ceil(measureWith(amountStyle)(facts.amount, 'en')));
  const placesX = amountWidth + BAND_GAP;
  const placesWidth = inner - placesX;
  const line = (text: string, style: TextStyle, minSize: number) => {
    const clean = text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
    return { text: clean, style: fittedStyle(clean, 'rtl', style, placesWidth, minSize) };
  };
  return {
    amount: { style: amountStyle, width: amountWidth },
    placesX,
    placesWidth,
    placeAr: line(
      `${facts.placeAr} · ${facts.businessTypeAr}`,
      { size: 32, weight: 700, color: '#0f172a' },
      24,
    ),
    placeEn: line(
      `${facts.placeEn} · ${facts.businessTypeEn}`,
      { size: 28, weight: 400, color: '#334155' },
      22,
    ),
  };
}

export function previewSvg(facts: PreviewFacts): string {
  const margin = 72;
  const inner = OG_WIDTH - margin * 2;
  const blocks: string[] = [];
  let y = 64;
  const mark = paragraph(
    'صفقة · Safqa',
    'rtl',
    { size: 34, weight: 700, color: '#ccfbf1' },
    { x: margin, y, width: inner, maxLines: 1, lineHeight: 48 },
  );
  blocks.push(mark.svg);
  y += mark.height + 28;
  const nameAr = paragraph(
    facts.nameAr,
    'rtl',
    { size: 60, weight: 700, color: '#ffffff' },
    { x: margin, y, width: inner, maxLines: 2, lineHeight: 84 },
  );
  blocks.push(nameAr.svg);
  y += nameAr.height + 4;
  const nameEn = paragraph(
    facts.nameEn,
    'ltr',
    { size: 40, weight: 700, color: '#99f6e4' },
    { x: margin, y, width: inner, maxLines: 1, lineHeight: 60 },
  );
  blocks.push(nameEn.svg);

  // The facts band at the bottom: amount on one side, place and type on the other, both languages.
  const bandTop = OG_HEIGHT - 190;
  const band = previewBand(facts, inner);
  blocks.push(
    paragraph(facts.amount, 'ltr', band.amount.style, {
      x: margin,
      y: bandTop + 30,
      width: band.amount.width,
      maxLines: 1,
      lineHeight: 70,
    }).svg,
    paragraph(band.placeAr.text, 'rtl', band.placeAr.style, {
      x: margin + band.placesX,
      y: bandTop + 26,
      width: band.placesWidth,
      maxLines: 1,
      lineHeight: 48,
    }).svg,
    paragraph(band.placeEn.text, 'rtl', band.placeEn.style, {
      x: margin + band.placesX,
      y: bandTop + 80,
      width: band.placesWidth,
      maxLines: 1,
      lineHeight: 44,
    }).svg,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>',
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="0" y="${bandTop}" width="${OG_WIDTH}" height="${OG_HEIGHT - bandTop}" fill="#f0fdfa"/>`,
    `<rect x="0" y="${bandTop - 8}" width="${OG_WIDTH}" height="8" fill="#2dd4bf"/>`,
    ...blocks,
    '</svg>',
  ].join('');
}

export async function renderPreviewPng(facts: PreviewFacts): Promise<Buffer> {
  return sharp(Buffer.from(previewSvg(facts)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The site's own preview (pages without one of their own): the mark and the tagline in both languages. */
export function siteSvg(): string {
  const margin = 72;
  const inner = OG_WIDTH - margin * 2;
  const parts = [
    paragraph(
      'صفقة',
      'rtl',
      { size: 120, weight: 700, color: '#ffffff' },
      { x: margin, y: 90, width: inner, maxLines: 1, lineHeight: 170 },
    ).svg,
    paragraph(
      'Safqa',
      'ltr',
      { size: 72, weight: 700, color: '#99f6e4' },
      { x: margin, y: 120, width: inner, maxLines: 1, lineHeight: 100 },
    ).svg,
    paragraph(
      'أول منصة عربية لبيع المشاريع والاستثمار فيها',
      'rtl',
      { size: 44, weight: 700, color: '#0f172a' },
      { x: margin, y: OG_HEIGHT - 180, width: inner, maxLines: 1, lineHeight: 64 },
    ).svg,
    paragraph(
      'The first Arabic platform to sell a business or invest in one',
      'ltr',
      { size: 32, weight: 400, color: '#334155' },
      { x: margin, y: OG_HEIGHT - 110, width: inner, maxLines: 1, lineHeight: 50 },
    ).svg,
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>',
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="0" y="${OG_HEIGHT - 210}" width="${OG_WIDTH}" height="210" fill="#f0fdfa"/>`,
    ...parts,
    '</svg>',
  ].join('');
}
