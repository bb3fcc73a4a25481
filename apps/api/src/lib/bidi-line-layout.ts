/**
 * Bidirectional line layout, word by word, for drawings of text (the PDF teaser, the preview image). PDF text is drawn glyph by glyph in
 * visual order; readers and extractors (pdftotext) rebuild the logical order from positions and
 * Unicode direction, which works reliably when every word is a separate, mono-directional piece
 * placed at its own position with a real gap between words. So the teaser never hands a mixed line
 * to the PDF library: it wraps by words, splits each line into direction runs (Arabic right to left,
 * Latin and digits left to right), and places every word itself.
 */

export type Script = 'ar' | 'en';
export type Direction = 'rtl' | 'ltr';

/** Width of `text` in points when drawn in the font of `script`. */
export type Measure = (text: string, script: Script) => number;

export interface PlacedWord {
  text: string;
  script: Script;
  /** Offset of the word's left edge from the line's left edge, in points. */
  x: number;
  width: number;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const LATIN_OR_DIGIT = /[A-Za-z0-9\u00C0-\u024F]/;

export function scriptOf(word: string): Script {
  return ARABIC.test(word) ? 'ar' : 'en';
}

/** A word's own direction; punctuation-only words are neutral (null) and join their neighbours. */
function strongDirection(word: string): Direction | null {
  if (ARABIC.test(word)) return 'rtl';
  if (LATIN_OR_DIGIT.test(word)) return 'ltr';
  return null;
}

/**
 * The direction of a paragraph of user text, as `dir="auto"` decides it in the browser: that of its
 * first letter (Arabic or Latin), else `fallback`. An owner may write the English fields in Arabic.
 */
export function paragraphDirection(text: string, fallback: Direction): Direction {
  for (const char of text) {
    if (ARABIC.test(char)) return 'rtl';
    if (/[A-Za-z\u00C0-\u024F]/.test(char)) return 'ltr';
  }
  return fallback;
}

/** A word split into pieces drawn with one font each: ASCII inside an Arabic word (punctuation, digits) uses the Latin font. */
export interface Piece {
  text: string;
  script: Script;
}

const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
};

/** The pieces of a word in logical order. */
export function pieces(word: string): Piece[] {
  if (scriptOf(word) === 'en') return [{ text: word, script: 'en' }];
  // ASCII runs versus the rest; the range starts at NUL only because ASCII does.
  // eslint-disable-next-line no-control-regex
  const ascii = /^[\x00-\x7F]+$/;
  // eslint-disable-next-line no-control-regex
  return (word.match(/[\x00-\x7F]+|[^\x00-\x7F]+/g) ?? []).map((text) => ({
    text,
    script: ascii.test(text) ? 'en' : 'ar',
  }));
}

/**
 * The pieces of a word in visual order, left to right: an Arabic word's pieces run right to left,
 * with brackets mirrored as the Unicode bidirectional algorithm does.
 */
export function visualPieces(word: string): Piece[] {
  const list = pieces(word);
  if (scriptOf(word) === 'en') return list;
  return [...list]
    .reverse()
    .map((piece) =>
      piece.script === 'en'
        ? { ...piece, text: [...piece.text].map((c) => MIRRORED[c] ?? c).join('') }
        : piece,
    );
}

/** Width of a word drawn piece by piece. */
export function wordWidth(word: string, measure: Measure): number {
  return pieces(word).reduce((sum, piece) => sum + measure(piece.text, piece.script), 0);
}

export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** Breaks `text` into lines of words no wider than `maxWidth` (a longer single word gets a line of its own). */
export function wrap(text: string, maxWidth: number, measure: Measure, spaceWidth: number): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let width = 0;
  for (const word of words(text)) {
    const w = wordWidth(word, measure);
    const needed = line.length ? width + spaceWidth + w : w;
    if (line.length && needed > maxWidth) {
      lines.push(line);
      line = [word];
      width = w;
    } else {
      line.push(word);
      width = needed;
    }
  }
  if (line.length) lines.push(line);
  return lines;
}

/**
 * Punctuation that the Unicode bidirectional algorithm treats as neutral at a word's edges: a
 * sentence's full stop, commas, quotes and brackets. Signs that belong to a number (`%`, `+`, `-`,
 * currency) stay on it, as the algorithm keeps them with the digits (rule W5).
 */
const EDGE_NEUTRAL = /[.,;:!?'"()[\]{}«»…\u060C\u061B\u061F]/;

/** A piece of a line in logical order: a word's core or its edge punctuation, or the space between words. */
interface Atom {
  text: string;
  /** R: Arabic, L: Latin letters, EN: a number, N: neutral punctuation, WS: the space between words. */
  type: 'R' | 'L' | 'EN' | 'N' | 'WS';
}

/** A word as its leading punctuation, its core (first to last letter or digit) and its trailing punctuation. */
function splitEdges(word: string): Atom[] {
  const chars = [...word];
  let first = 0;
  while (first < chars.length && EDGE_NEUTRAL.test(chars[first]!)) first += 1;
  let last = chars.length - 1;
  while (last >= first && EDGE_NEUTRAL.test(chars[last]!)) last -= 1;
  const core = chars.slice(first, last + 1).join('');
  const direction = strongDirection(core);
  if (!core || !direction) return [{ text: word, type: 'N' }];
  const atoms: Atom[] = [];
  if (first > 0) atoms.push({ text: chars.slice(0, first).join(''), type: 'N' });
  const type = direction === 'rtl' ? 'R' : /[A-Za-z\u00C0-\u024F]/.test(core) ? 'L' : 'EN';
  atoms.push({ text: core, type });
  if (last < chars.length - 1) atoms.push({ text: chars.slice(last + 1).join(''), type: 'N' });
  return atoms;
}

/**
 * Embedding levels of a line's atoms, after the Unicode bidirectional algorithm (UAX #9) reduced to
 * what a line of words needs: a number after Latin letters is Latin (W7); neutrals and spaces between
 * two pieces of the same direction take it, otherwise the line's (N1, N2), numbers counting as right
 * to left; Latin and numbers sit one or two levels above an Arabic base, Arabic one above a Latin
 * base (I1, I2). Without this, a sentence's final full stop after a number or a Latin word in an
 * Arabic line was drawn on the number's right, inside the sentence, rather than at its end.
 */
function levels(atoms: Atom[], base: Direction): number[] {
  const baseStrong = base === 'rtl' ? 'R' : 'L';
  // W7: a number takes the direction of the strong letter before it when that is Latin.
  let previousStrong: 'R' | 'L' = baseStrong;
  const resolved = atoms.map((atom) => {
    if (atom.type === 'R' || atom.type === 'L') previousStrong = atom.type;
    return atom.type === 'EN' && previousStrong === 'L' ? 'L' : atom.type;
  });
  // N1, N2: neutrals between two strong pieces of one direction (numbers count as R) take it.
  const strongAt = (index: number) => {
    const type = resolved[index];
    return type === 'EN' ? 'R' : type === 'R' || type === 'L' ? type : null;
  };
  const final = resolved.map((type, index) => {
    if (type !== 'N' && type !== 'WS') return type;
    let before: 'R' | 'L' = baseStrong;
    for (let i = index - 1; i >= 0; i -= 1) {
      const strong = strongAt(i);
      if (strong) {
        before = strong;
        break;
      }
    }
    let after: 'R' | 'L' = baseStrong;
    for (let i = index + 1; i < resolved.length; i += 1) {
      const strong = strongAt(i);
      if (strong) {
        after = strong;
        break;
      }
    }
    return before === after ? before : baseStrong;
  });
  return final.map((type) => {
    if (base === 'rtl') return type === 'R' ? 1 : 2;
    return type === 'L' ? 0 : type === 'R' ? 1 : 2;
  });
}

/**
 * Places one line's words. Each word is split from its edge punctuation, the pieces get embedding
 * levels (see `levels`) and are reordered as the bidirectional algorithm does (L2: from the highest
 * level down, every run at that level or above is reversed), and brackets at right-to-left levels
 * are mirrored. Arabic lines run right to left with Latin and numbers left to right inside them.
 */
export function placeLine(
  line: string[],
  base: Direction,
  measure: Measure,
  spaceWidth: number,
): { words: PlacedWord[]; width: number } {
  const atoms: Atom[] = [];
  line.forEach((word, index) => {
    if (index > 0) atoms.push({ text: ' ', type: 'WS' });
    atoms.push(...splitEdges(word));
  });
  const atomLevels = levels(atoms, base);
  const order = atoms.map((_, index) => index);
  const highest = Math.max(...atomLevels);
  const lowestOdd = Math.min(...atomLevels.map((level) => (level % 2 ? level : level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < order.length) {
      if (atomLevels[order[start]!]! < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < order.length && atomLevels[order[end + 1]!]! >= level) end += 1;
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }

  const placed: PlacedWord[] = [];
  let x = 0;
  for (const index of order) {
    const atom = atoms[index]!;
    if (atom.type === 'WS') {
      x += spaceWidth;
      continue;
    }
    // Punctuation at a right-to-left level reads right to left, brackets mirrored; Arabic punctuation
    // among it is left to `visualPieces`, which reverses and mirrors what it draws.
    const text =
      atom.type === 'N' && atomLevels[index]! % 2 === 1 && scriptOf(atom.text) === 'en'
        ? [...atom.text]
            .reverse()
            .map((c) => MIRRORED[c] ?? c)
            .join('')
        : atom.text;
    const width = wordWidth(text, measure);
    placed.push({ text, script: scriptOf(text), x, width });
    x += width;
  }
  return { words: placed, width: x };
}
