import { describe, expect, it } from 'vitest';
import { pieces, placeLine, visualPieces, wrap, type Measure } from './bidi-line-layout';

/** Every character is 10 points wide: positions are easy to read. */
const measure: Measure = (text) => [...text].length * 10;

describe('placeLine', () => {
  it('places an Arabic line right to left: the first word is the rightmost', () => {
    const { words, width } = placeLine(['مخيم', 'العلا'], 'rtl', measure, 5);
    expect(width).toBe(40 + 5 + 50);
    expect(words.map((w) => [w.text, w.x])).toEqual([
      ['العلا', 0],
      ['مخيم', 55],
    ]);
  });

  it('keeps a run of Latin words and numbers left to right inside an Arabic line', () => {
    const { words } = placeLine(['المبلغ', 'SAR', '1,400,000', 'فقط'], 'rtl', measure, 5);
    expect(words.map((w) => w.text)).toEqual(['فقط', 'SAR', '1,400,000', 'المبلغ']);
  });

  it('keeps an Arabic run right to left inside an English line', () => {
    const { words } = placeLine(['The', 'مخيم', 'العلا', 'camp'], 'ltr', measure, 5);
    expect(words.map((w) => w.text)).toEqual(['The', 'العلا', 'مخيم', 'camp']);
  });

  it('gives neutral punctuation the direction of the word before it', () => {
    const { words } = placeLine(['مخيم', '-', 'العلا'], 'rtl', measure, 5);
    expect(words.map((w) => w.text)).toEqual(['العلا', '-', 'مخيم']);
  });
});

describe('wrap', () => {
  it('breaks lines by words within the width, a long word alone on its line', () => {
    expect(wrap('aa bb cc dddddddddd ee', 50, measure, 10)).toEqual([
      ['aa', 'bb'],
      ['cc'],
      ['dddddddddd'],
      ['ee'],
    ]);
  });
});

describe('pieces', () => {
  it('splits ASCII punctuation off Arabic words and mirrors brackets in visual order', () => {
    expect(pieces('يوميًا.')).toEqual([
      { text: 'يوميًا', script: 'ar' },
      { text: '.', script: 'en' },
    ]);
    expect(visualPieces('(البحرية)').map((p) => p.text)).toEqual(['(', 'البحرية', ')']);
    expect(visualPieces('lease.')).toEqual([{ text: 'lease.', script: 'en' }]);
  });
});
