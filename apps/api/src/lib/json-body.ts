/**
 * What a JSON body may hold before the server parses it. Twice the longest list a body may carry
 * (an admin's FAQ order, 1,000 ids; a listing has about 60 values and 3 levels), so they only ever
 * refuse a hostile body, and they bound the work one request can buy: 90,000 unknown keys cost
 * ~40 ms to parse and ~400 ms to validate and report, 400,000 nested arrays ~60 ms to parse and
 * more to walk.
 */
export const JSON_BODY_LIMITS = { maxDepth: 32, maxValues: 2000 } as const;

/**
 * Bodies of the anonymous JSON routes, far below the server's 1 MB: their fields' own limits
 * (a 10,000-character captcha token, a 5,000-character message, a 16,000-character stack) at
 * 3 bytes a character, which is what JSON.stringify writes at most for any character but the rare
 * escaped control ones, rounded up generously.
 */
export const ANONYMOUS_BODY_LIMITS = { form: 64 * 1024, crashReport: 128 * 1024 } as const;

/**
 * Why `text` (a JSON document, valid or not) is refused before parsing: nested deeper than
 * maxDepth, or more than maxValues values; null when it may be parsed. One pass over the text that
 * stops at the first excess; long strings are skipped with indexOf, so a body of one long text
 * costs next to nothing. Malformed text is left to JSON.parse, which reports it.
 */
export function jsonBodyProblem(
  text: string,
  limits: { maxDepth: number; maxValues: number } = JSON_BODY_LIMITS,
): 'too_deep' | 'too_many_fields' | null {
  let depth = 0;
  let separators = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = endOfString(text, i);
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limits.maxDepth) return 'too_deep';
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    } else if (c === 0x2c) {
      // n values of one object or array are separated by n - 1 commas.
      separators += 1;
      if (separators >= limits.maxValues) return 'too_many_fields';
    }
  }
  return null;
}

/** The index of the quote closing the string that opens at `start` (the text's end when unclosed). */
function endOfString(text: string, start: number) {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}
