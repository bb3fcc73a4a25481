/** SPEC.md section 2: the trending strip shows at least this many cards before it repeats. */
export const MIN_STRIP_CARDS = 8;

export interface StripItem<T> {
  card: T;
  key: string;
  /** A repeat (padding or the loop's second half): hidden from assistive technology and the tab order. */
  copy: boolean;
}

/**
 * The strip's cards: the list padded to at least `min` by repeating it in order, then the padded run
 * twice, so that sliding by exactly half the track loops without a visible seam.
 */
export function stripItems<T>(cards: readonly T[], min = MIN_STRIP_CARDS): StripItem<T>[] {
  if (cards.length === 0) return [];
  const padded: T[] = [];
  while (padded.length < Math.max(min, cards.length)) padded.push(cards[padded.length % cards.length]!);
  return [...padded, ...padded].map((card, index) => ({
    card,
    key: `strip-${index}`,
    copy: index >= cards.length,
  }));
}
