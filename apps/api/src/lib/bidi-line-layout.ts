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
 * Places one line's words. Runs of the same direction stay together; runs follow the base direction
 * (right to left for Arabic lines), and inside a run words follow the run's own direction. Neutral
 * words take the direction of the run before them (or the base direction at the start).
 */
export function placeLine(
  line: string[],
  base: Direction,
  measure: Measure,
  spaceWidth: number,
): { words: PlacedWord[]; width: number } {
  const runs: Array<{ dir: Direction; words: string[] }> = [];
  for (const word of line) {
    const dir = strongDirection(word) ?? runs.at(-1)?.dir ?? base;
    const last = runs.at(-1);
    if (last && last.dir === dir) last.words.push(word);
    else runs.push({ dir, words: [word] });
  }
  const sized = runs.map((run) => ({
    dir: run.dir,
    words: run.words.map((text) => ({ text, script: scriptOf(text), width: wordWidth(text, measure) })),
  }));
  const runWidth = (run: (typeof sized)[number]) =>
    run.words.reduce((sum, w) => sum + w.width, 0) + spaceWidth * (run.words.length - 1);
  const total =
    sized.reduce((sum, run) => sum + runWidth(run), 0) + spaceWidth * Math.max(0, sized.length - 1);

  const placed: PlacedWord[] = [];
  // Visual order of runs, left to right.
  const visualRuns = base === 'rtl' ? [...sized].reverse() : sized;
  let x = 0;
  for (const run of visualRuns) {
    const visualWords = run.dir === 'rtl' ? [...run.words].reverse() : run.words;
    for (const word of visualWords) {
      placed.push({ ...word, x });
      x += word.width + spaceWidth;
    }
  }
  return { words: placed, width: total };
}
