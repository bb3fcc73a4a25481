import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { placeLine, visualPieces, wrap, type Direction, type Script } from '../../lib/bidi-line-layout';

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

interface TextStyle {
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
  const measure = measureWith(style);
  const space = measure(' ', base === 'rtl' ? 'ar' : 'en');
  let lines = wrap(clean, box.width, measure, space);
  if (lines.length > box.maxLines) {
    lines = lines.slice(0, box.maxLines);
    const last = lines[box.maxLines - 1]!;
    while (last.length > 1 && placeLine([...last, '…'], base, measure, space).width > box.width) last.pop();
    last.push('…');
  }
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
  const amountWidth = 420;
  blocks.push(
    paragraph(
      facts.amount,
      'ltr',
      { size: 52, weight: 700, color: '#0f172a' },
      { x: margin, y: bandTop + 30, width: amountWidth, maxLines: 1, lineHeight: 70 },
    ).svg,
    paragraph(
      `${facts.placeAr} · ${facts.businessTypeAr}`,
      'rtl',
      { size: 32, weight: 700, color: '#0f172a' },
      {
        x: margin + amountWidth + 24,
        y: bandTop + 26,
        width: inner - amountWidth - 24,
        maxLines: 1,
        lineHeight: 48,
      },
    ).svg,
    paragraph(
      `${facts.placeEn} · ${facts.businessTypeEn}`,
      'rtl',
      { size: 28, weight: 400, color: '#334155' },
      {
        x: margin + amountWidth + 24,
        y: bandTop + 80,
        width: inner - amountWidth - 24,
        maxLines: 1,
        lineHeight: 44,
      },
    ).svg,
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
