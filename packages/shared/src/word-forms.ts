import { normaliseArabic } from './arabic-normalise';

/**
 * Word forms for FAQ search: an Arabic word and its plural, its verbal noun or its participle share a
 * three-letter root (العروض and عرضًا are ع ر ض; توثيق and موثّقة are و ث ق), which neither a substring
 * nor PostgreSQL's Arabic stemmer relates (it keeps عروض and توثيق whole). The root is found by
 * stripping the usual prefixes and suffixes and matching the common patterns, after the ISRI stemmer
 * (Taghva, Elkhoury and Coombs, 2005), on normalised text (ة is ه and ئ is ي by then).
 */

const PREFIXES_3 = ['كال', 'بال', 'ولل', 'وال'];
const PREFIXES_2 = ['ال', 'لل'];
const PREFIXES_1 = ['ل', 'ب', 'ف', 'س', 'و', 'ي', 'ت', 'ن', 'ا'];
const SUFFIXES_3 = ['تمل', 'همل', 'تان', 'تين', 'كمل'];
// prettier-ignore
const SUFFIXES_2 = ['ون', 'ات', 'ان', 'ين', 'تن', 'كم', 'هن', 'نا', 'يا', 'ها', 'تم', 'كن', 'ني', 'وا', 'ما', 'هم'];
const SUFFIXES_1 = ['ه', 'ي', 'ك', 'ت', 'ا', 'ن'];

const dropPrefix = (word: string, list: string[]) => {
  const prefix = list.find((p) => word.startsWith(p));
  return prefix ? word.slice(prefix.length) : word;
};
const dropSuffix = (word: string, list: string[]) => {
  const suffix = list.find((s) => word.endsWith(s));
  return suffix ? word.slice(0, -suffix.length) : word;
};
const isAny = (letter: string | undefined, letters: string) =>
  letter !== undefined && letters.includes(letter);

/** Four letters: مفعل, فاعل, فعول / فعيل / فعال, فعله; else one short affix. */
function fourLetters(w: string): string {
  if (w[0] === 'م') return w.slice(1);
  if (w[1] === 'ا') return w[0]! + w.slice(2);
  if (isAny(w[2], 'اوي')) return w.slice(0, 2) + w[3]!;
  if (w[3] === 'ه') return w.slice(0, 3);
  const shorter = dropSuffix(w, SUFFIXES_1);
  return shorter.length === 4 ? dropPrefix(shorter, PREFIXES_1) : shorter;
}

/** Five letters to three, by the patterns of derived nouns and plurals. */
function fiveToThree(w: string): string {
  const [a, b, c, d, e] = [...w] as [string, string, string, string, string];
  if (isAny(c, 'ات') && a === 'ا') return b + w.slice(3); // افتعل, افعال
  if (isAny(d, 'ايو') && a === 'م') return b + c + e; // مفعول, مفعال, مفعيل
  if (isAny(a, 'اتم') && e === 'ه') return w.slice(1, 4); // مفعله, تفعله
  if (isAny(a, 'ميت') && c === 'ت') return b + w.slice(3); // مفتعل, يفتعل, تفتعل
  if (isAny(a, 'مت') && c === 'ا') return b + w.slice(3); // مفاعل, تفاعل
  if (isAny(d, 'او') && b === 'و') return a + c + e; // فوعله, فواعل
  if (isAny(a, 'ام') && e === 'ن') return w.slice(2); // انفعل, منفعل
  if (d === 'ا' && a === 'ا') return b + c + e; // افعال
  if (e === 'ن' && d === 'ا') return w.slice(0, 3); // فعلان
  if (d === 'ي' && a === 'ت') return b + c + e; // تفعيل
  if (d === 'و' && b === 'ا') return a + c + e; // فاعول
  if (c === 'ا' && b === 'و') return a + w.slice(3); // فواعل
  if (d === 'ي' && c === 'ا') return a + b + e; // فعائل
  if (e === 'ه' && b === 'ا') return a + c + d; // فاعله
  if (e === 'ي' && c === 'ا') return a + b + d; // فعالي
  const shorter = dropSuffix(w, SUFFIXES_1);
  return shorter.length === 5 ? dropPrefix(shorter, PREFIXES_1) : shorter;
}

function afterFive(w: string): string {
  if (w.length === 4) return fourLetters(w);
  if (w.length !== 5) return w;
  if (isAny(w[0], 'اتم')) return w.slice(1); // تفعلل, افعلل, مفعلل
  if (w[4] === 'ه') return w.slice(0, 4); // فعلله
  if (w[2] === 'ا') return w.slice(0, 2) + w.slice(3); // فعالل
  return w;
}

function sixLetters(w: string): string {
  if (w.startsWith('است') || w.startsWith('مست')) return w.slice(3);
  if (w[0] === 'م' && w[3] === 'ا' && w[5] === 'ه') return w.slice(1, 3) + w[4]!; // مفعاله
  if (w[0] === 'ا' && w[2] === 'ت' && w[4] === 'ا') return w[1]! + w[3]! + w[5]!; // افتعال
  if (w[0] === 'ا' && w[3] === 'و' && w[2] === w[4]) return w[1]! + w.slice(4); // افعوعل
  if (w[0] === 'ت' && w[2] === 'ا' && w[4] === 'ي') return w[1]! + w[3]! + w[5]!; // تفاعيل
  const shorter = dropSuffix(w, SUFFIXES_1);
  return shorter.length === 6 ? dropPrefix(shorter, PREFIXES_1) : shorter;
}

function afterSix(w: string): string {
  if (w.length === 5) return afterFive(fiveToThree(w));
  if (w.length !== 6) return w;
  if (w[0] === 'ا' && w[4] === 'ا') return w.slice(1, 4) + w[5]!; // افعلال
  if (w.startsWith('مت')) return w.slice(2); // متفعلل
  return w;
}

/** The root of one normalised Arabic word (itself when it is short or not Arabic). */
export function arabicRoot(normalisedWord: string): string {
  let w = normalisedWord;
  if (!/^[\u0621-\u064A]+$/.test(w)) return w;
  if (w.length >= 6 && PREFIXES_3.some((p) => w.startsWith(p))) w = w.slice(3);
  else if (w.length >= 5 && PREFIXES_2.some((p) => w.startsWith(p))) w = w.slice(2);
  if (w.length >= 6 && SUFFIXES_3.some((s) => w.endsWith(s))) w = w.slice(0, -3);
  else if (w.length >= 5 && SUFFIXES_2.some((s) => w.endsWith(s))) w = w.slice(0, -2);
  if (w.length >= 4 && w.startsWith('وو')) w = w.slice(1);
  switch (w.length) {
    case 4:
      return fourLetters(w);
    case 5:
      return afterFive(fiveToThree(w));
    case 6:
      return afterSix(sixLetters(w));
    case 7: {
      let shorter = dropSuffix(w, SUFFIXES_1);
      if (shorter.length === 7) shorter = dropPrefix(shorter, PREFIXES_1);
      return shorter.length === 6 ? afterSix(sixLetters(shorter)) : shorter;
    }
    default:
      return w;
  }
}

/** An English plural's singular ("offers" → "offer", "companies" → "company"), else the word. */
function englishSingular(word: string): string {
  if (!/^[a-z]{4,}$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(word)) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

const ARABIC_WORD = /^[\u0621-\u064A]+$/;
const wordsOf = (normalised: string) => normalised.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** Sentence punctuation around a word (not % or _: "2%" and "advisors_page" are searched as typed). */
const trimPunctuation = (term: string) => term.replace(/^[«»"'()[\].,،:;!?؟]+|[«»"'()[\].,،:;!?؟]+$/gu, '');

/**
 * True when every whitespace-separated term of `query` is in `text`: as a substring (partial words,
 * spelling variants, "2%"), as an English singular, or as an Arabic word of the same root (only for
 * roots of three letters or more: too many words share a two-letter one). Both sides are normalised.
 */
export function matchesWordForms(text: string, query: string): boolean {
  const haystack = normaliseArabic(text);
  let roots: Set<string> | undefined;
  return normaliseArabic(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      if (haystack.includes(term)) return true;
      const word = trimPunctuation(term);
      if (word && word !== term && haystack.includes(word)) return true;
      const singular = englishSingular(word);
      if (singular !== word) return haystack.includes(singular);
      if (!ARABIC_WORD.test(word)) return false;
      const root = arabicRoot(word);
      if (root.length < 3) return false;
      roots ??= new Set(
        wordsOf(haystack)
          .filter((w) => ARABIC_WORD.test(w))
          .map(arabicRoot),
      );
      return roots.has(root);
    });
}
