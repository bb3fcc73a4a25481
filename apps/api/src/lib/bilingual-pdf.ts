import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { placeLine, visualPieces, wrap, type Direction, type Measure, type Script } from './bidi-line-layout';

const require = createRequire(import.meta.url);
/** Cairo (SIL Open Font License, @fontsource/cairo): Arabic shaped by fontkit's OpenType engine, and Latin. */
const FONTS = {
  'ar-400': require.resolve('@fontsource/cairo/files/cairo-arabic-400-normal.woff'),
  'ar-700': require.resolve('@fontsource/cairo/files/cairo-arabic-700-normal.woff'),
  'en-400': require.resolve('@fontsource/cairo/files/cairo-latin-400-normal.woff'),
  'en-700': require.resolve('@fontsource/cairo/files/cairo-latin-700-normal.woff'),
} as const;
export type Weight = 400 | 700;

export const PAGE = { width: 595.28, height: 841.89, margin: 40 };
export const PDF_COLORS = { brand: '#0f766e', ink: '#0f172a', muted: '#475569' } as const;

/** Internal state of pdfkit's embedded fonts that the ligature fix below adjusts. */
interface EmbeddedFontState {
  unicode: Array<number[] | undefined>;
}

export interface ParagraphStyle {
  size: number;
  weight?: Weight;
  color?: string;
  dir: Direction;
  maxLines?: number;
  lineGap?: number;
  /**
   * Continue on new pages rather than past the bottom margin: called after each page added, it
   * draws what a continued page starts with and answers the y the text goes on at.
   */
  onNewPage?: () => number;
}

/**
 * An A4 document that writes Arabic and English the way extractors read them back (the teaser, a
 * deal's letter of intent): every word placed by bidi-line-layout, in the Cairo fonts. `finish()`
 * ends the document and answers its bytes.
 */
export function createBilingualPdf(info: { Title: string; Subject: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { ...info, Author: 'Safqa' },
    lang: 'ar',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
  const arabicFonts = new Set<EmbeddedFontState>();

  const useFont = (script: Script, weight: Weight, size: number) => {
    doc.font(`${script}-${weight}`).fontSize(size);
    if (script === 'ar') arabicFonts.add((doc as unknown as { _font: EmbeddedFontState })._font);
  };
  const measureWith =
    (weight: Weight, size: number): Measure =>
    (text, script) => {
      useFont(script, weight, size);
      return doc.widthOfString(text);
    };

  /** Draws wrapped text in a box; returns the y after the last line. */
  const paragraph = (text: string, box: { x: number; y: number; width: number }, style: ParagraphStyle) => {
    const weight = style.weight ?? 400;
    const measure = measureWith(weight, style.size);
    const space = measure(' ', style.dir === 'rtl' ? 'ar' : 'en');
    let lines = wrap(text, box.width, measure, space);
    if (style.maxLines && lines.length > style.maxLines) {
      lines = lines.slice(0, style.maxLines);
      lines[lines.length - 1] = [...lines[lines.length - 1]!, '…'];
    }
    const lineHeight = style.size * (1.55 + (style.lineGap ?? 0));
    let y = box.y;
    for (const line of lines) {
      if (style.onNewPage && y + lineHeight > PAGE.height - PAGE.margin) {
        doc.addPage();
        y = style.onNewPage();
      }
      const placed = placeLine(line, style.dir, measure, space);
      const left = style.dir === 'rtl' ? box.x + box.width - placed.width : box.x;
      for (const word of placed.words) {
        let x = left + word.x;
        for (const piece of visualPieces(word.text)) {
          useFont(piece.script, weight, style.size);
          doc.fillColor(style.color ?? PDF_COLORS.ink).text(piece.text, x, y, { lineBreak: false });
          x += doc.widthOfString(piece.text);
        }
      }
      y += lineHeight;
    }
    return y;
  };

  const finish = (): Promise<Buffer> => {
    // A ligature glyph (lam-alef, the name of God) stands for several characters. Text extractors read
    // glyphs in visual order and reverse Arabic runs, so the characters of such a glyph must be listed
    // in visual order too, or they come out swapped ("ال" for "لا").
    for (const font of arabicFonts) {
      font.unicode.forEach((codePoints, gid) => {
        if (codePoints && codePoints.length > 1) font.unicode[gid] = [...codePoints].reverse();
      });
    }
    doc.end();
    return done;
  };

  return { doc, useFont, paragraph, finish };
}
