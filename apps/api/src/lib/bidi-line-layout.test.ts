import { describe, expect, it } from 'vitest';
import { paragraphDirection, pieces, placeLine, visualPieces, wrap, type Measure } from './bidi-line-layout';

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

describe('placeLine: punctuation at the end of a sentence', () => {
  it('puts the full stop after a final number at the visual end (left) of an Arabic line', () => {
    const { words, width } = placeLine(['افتتاح', 'فرعين', 'في', '2027.'], 'rtl', measure, 5);
    // The stop leaves the number: ".2027 في فرعين افتتاح" read left to right, nothing after the digits.
    expect(words.map((w) => [w.text, w.x])).toEqual([
      ['.', 0],
      ['2027', 10],
      ['في', 55],
      ['فرعين', 80],
      ['افتتاح', 135],
    ]);
    expect(width).toBe(10 + 40 + 20 + 50 + 60 + 5 * 3);
  });

  it('puts the full stop after a final Latin word at the left end of an Arabic line, and keeps a run of Latin words whole', () => {
    const { words } = placeLine(['منصة', 'Safqa', 'Market.'], 'rtl', measure, 5);
    expect(words.map((w) => w.text)).toEqual(['.', 'Safqa', 'Market', 'منصة']);
  });

  it('keeps the percent sign on its number and a comma between Arabic words on the Arabic side', () => {
    const { words } = placeLine(['بنسبة', '25%،', 'تقريبا'], 'rtl', measure, 5);
    expect(words.map((w) => w.text)).toEqual(['تقريبا', '،', '25%', 'بنسبة']);
  });

  it('mirrors brackets around a number in an Arabic line, and leaves them as typed in an English line', () => {
    expect(placeLine(['فروع', '(3)'], 'rtl', measure, 5).words.map((w) => w.text)).toEqual([
      '(',
      '3',
      ')',
      'فروع',
    ]);
    expect(placeLine(['branches', '(3)'], 'ltr', measure, 5).words.map((w) => w.text)).toEqual([
      'branches',
      '(',
      '3',
      ')',
    ]);
  });

  it('puts the full stop after a final Arabic word at the right end of an English line', () => {
    const { words } = placeLine(['Located', 'in', 'الرياض.'], 'ltr', measure, 5);
    expect(words.map((w) => w.text)).toEqual(['Located', 'in', 'الرياض', '.']);
  });

  it('keeps the full stop on the Latin side when the next word is Latin too', () => {
    const { words } = placeLine(['Safqa.', 'Market'], 'rtl', measure, 5);
    expect(words.map((w) => w.text)).toEqual(['Safqa', '.', 'Market']);
  });
});

describe('paragraphDirection', () => {
  it('follows the first letter, as dir="auto" does, so an English field written in Arabic reads right to left', () => {
    expect(paragraphDirection('2027: مقهى في الرياض', 'ltr')).toBe('rtl');
    expect(paragraphDirection('«Safqa» منصة', 'rtl')).toBe('ltr');
    expect(paragraphDirection('2027 — 2028', 'rtl')).toBe('rtl');
    expect(paragraphDirection('2027 — 2028', 'ltr')).toBe('ltr');
  });
});
