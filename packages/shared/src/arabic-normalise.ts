/**
 * Folds the spelling variants an Arabic reader treats as one word, so search matches what people type:
 * diacritics and tatweel removed, alef forms to bare alef, alef maqsura to ya, ta marbuta to ha,
 * hamza carriers to their base letter, Latin case and accents folded ("café" is "cafe"). Used by FAQ
 * search (client and server) and by the normalised search column of opportunities.
 */
const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const TATWEEL = /\u0640/g;
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671]/g; // آ أ إ ٱ
const ALEF_MAQSURA = /\u0649/g; // ى
const TA_MARBUTA = /\u0629/g; // ة
const WAW_HAMZA = /\u0624/g; // ؤ
const YA_HAMZA = /\u0626/g; // ئ
/** Combining marks of Latin letters once decomposed (é is e + U+0301); Arabic has none left by then. */
const LATIN_MARKS = /[\u0300-\u036F]/g;

export function normaliseArabic(input: string): string {
  return (
    input
      .normalize('NFC')
      .replace(DIACRITICS, '')
      .replace(TATWEEL, '')
      .replace(ALEF_FORMS, '\u0627')
      .replace(ALEF_MAQSURA, '\u064A')
      .replace(TA_MARBUTA, '\u0647')
      .replace(WAW_HAMZA, '\u0648')
      .replace(YA_HAMZA, '\u064A')
      // Lower case before the accents: "İ" lowers to i + a combining dot, which must go too. The Arabic
      // letters above are already folded, so decomposing leaves nothing of theirs to strip.
      .toLowerCase()
      .normalize('NFD')
      .replace(LATIN_MARKS, '')
      .normalize('NFC')
  );
}

/** True when every whitespace-separated term of `query` occurs in `text`, both normalised. */
export function matchesNormalised(text: string, query: string): boolean {
  const haystack = normaliseArabic(text);
  return normaliseArabic(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term));
}

/** The normalised search column of a row (FAQs, opportunities): its texts joined and folded. */
export function searchTextOf(...parts: Array<string | null | undefined>): string {
  return normaliseArabic(parts.filter(Boolean).join(' ')).replace(/\s+/g, ' ').trim();
}
