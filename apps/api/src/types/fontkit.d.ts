/** The part of fontkit (a dependency of pdfkit, MIT) the preview image uses; the package ships no types. */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    direction: 'ltr' | 'rtl';
  }
  export interface Font {
    unitsPerEm: number;
    layout(text: string): GlyphRun;
  }
  export function openSync(path: string): Font;
}
