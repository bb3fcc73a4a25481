import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesNormalised, normaliseArabic, searchTextOf } from './arabic-normalise';

/** Letters a base word is made of: the canonical Arabic letters (no variant forms) and Latin letters. */
const ARABIC_BASE = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'];
const LATIN = [...'abcdefghijklmnopqrstuvwxyz'];
const DIACRITICS = [
  '\u064B', // fathatan
  '\u064C', // dammatan
  '\u064D', // kasratan
  '\u064E', // fatha
  '\u064F', // damma
  '\u0650', // kasra
  '\u0651', // shadda
  '\u0652', // sukun
  '\u0670', // superscript alef
];
const TATWEEL = '\u0640';

/** The spellings a reader treats as the same letter as the canonical one. */
const VARIANTS: Record<string, string[]> = {
  ا: ['ا', 'أ', 'إ', 'آ', 'ٱ'],
  ي: ['ي', 'ى', 'ئ'],
  ه: ['ه', 'ة'],
  و: ['و', 'ؤ'],
};

const baseWord = fc
  .array(fc.constantFrom(...ARABIC_BASE, ...LATIN), { minLength: 1, maxLength: 12 })
  .map((letters) => letters.join(''));

/** A base word and one spelling of it: variant letter forms, Latin case flipped, marks and tatweel inserted. */
const wordWithVariant = baseWord.chain((word) =>
  fc
    .tuple(
      ...[...word].map((letter) =>
        fc.record({
          form: fc.constantFrom(...(VARIANTS[letter] ?? [letter, letter.toUpperCase()])),
          marks: fc.array(fc.constantFrom(...DIACRITICS, TATWEEL), { maxLength: 3 }),
        }),
      ),
    )
    .map((parts) => ({ word, variant: parts.map((p) => p.form + p.marks.join('')).join('') })),
);

// Generous timeout: the machine running the suite may be busy; 500 runs take about a second alone.
describe('normaliseArabic properties', { timeout: 30_000 }, () => {
  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(
        fc.string({
          maxLength: 40,
          unit: fc.oneof(
            fc.constantFrom(...ARABIC_BASE, ...DIACRITICS),
            fc.string({ unit: 'binary', maxLength: 1 }),
          ),
        }),
        (text) => {
          const once = normaliseArabic(text);
          expect(normaliseArabic(once)).toBe(once);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('folds every variant spelling of a word to the normalised base word', () => {
    fc.assert(
      fc.property(wordWithVariant, ({ word, variant }) => {
        expect(normaliseArabic(variant)).toBe(normaliseArabic(word));
      }),
      { numRuns: 500 },
    );
  });

  it('finds a word inside a longer text whatever spelling the searcher types', () => {
    fc.assert(
      fc.property(wordWithVariant, baseWord, ({ word, variant }, other) => {
        expect(matchesNormalised(`${other} ${word} ${other}`, variant)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('normaliseArabic examples', () => {
  it.each([
    ['مكة', 'مكه'],
    ['آسيا', 'اسيا'],
    ['إسلام', 'اسلام'],
    ['أحمد', 'احمد'],
    ['مستشفى', 'مستشفي'],
    ['مسؤول', 'مسوول'],
    ['مسائل', 'مسايل'],
    ['مُحَمَّد', 'محمد'],
    ['جمـــيل', 'جميل'],
    ['Safqa MARKET', 'safqa market'],
    ['Café', 'cafe'],
    ['CRÈME brûlée', 'creme brulee'],
    ['Naïve façade', 'naive facade'],
    // Decomposed input (e + U+0301, as some keyboards and pastes send it) folds the same.
    ['cafe\u0301', 'café'],
  ])('%s and %s fold to the same text', (a, b) => {
    expect(normaliseArabic(a)).toBe(normaliseArabic(b));
  });

  it('finds an accented word for its plain spelling and the reverse', () => {
    expect(matchesNormalised('Dabab Mountain Café', 'cafe')).toBe(true);
    expect(matchesNormalised('A cafe by the sea', 'CAFÉ')).toBe(true);
    expect(matchesNormalised('A cafe by the sea', 'cake')).toBe(false);
  });

  it('keeps letters that are different words apart', () => {
    expect(normaliseArabic('سلام')).not.toBe(normaliseArabic('كلام'));
    expect(matchesNormalised('بيع مشروع تجاري', 'مطعم')).toBe(false);
  });

  it('requires every search term to match', () => {
    expect(matchesNormalised('كيف أبيع مشروعي؟', 'ابيع مشروعي')).toBe(true);
    expect(matchesNormalised('كيف أبيع مشروعي؟', 'ابيع سيارتي')).toBe(false);
    expect(matchesNormalised('anything', '   ')).toBe(true);
  });

  it('builds one normalised search column from several texts, skipping empty ones', () => {
    expect(searchTextOf('ما هي صفقة؟', null, '  What   is Safqa? ', undefined)).toBe(
      'ما هي صفقه؟ what is safqa?',
    );
  });
});
