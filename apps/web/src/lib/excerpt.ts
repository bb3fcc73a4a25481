/**
 * A preview text of at most `max` characters (code points, so no surrogate pair is split) for
 * `description` and `og:description`: cut at the last word boundary that fits, with an ellipsis, so a
 * shared link never shows half a word. A text that fits is returned whole; a single word longer than
 * `max` is cut where it must be.
 */
export function excerpt(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  if (chars.length <= max) return chars.join('');
  const room = chars.slice(0, max - 1).join('');
  // The next character is a space: the last word is whole.
  const cut = chars[max - 1] === ' ' ? room.length : room.lastIndexOf(' ');
  const head = (cut > 0 ? room.slice(0, cut) : room).replace(/[\s.,،؛;:·\-–—]+$/u, '');
  return `${head}…`;
}
