import type { Locator } from '@playwright/test';

export interface GlyphBox {
  left: number;
  right: number;
}

/**
 * Where each of `needles` is drawn inside `element` (the box of its first occurrence's text range), to
 * check the visual order of mixed-direction text, which the DOM order does not tell.
 */
export async function glyphBoxes<K extends string>(
  element: Locator,
  needles: Record<K, string>,
): Promise<Record<K, GlyphBox>> {
  return element.evaluate(
    (root, wanted) => {
      const boxOf = (needle: string) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf(needle);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + needle.length);
          const { left, right } = range.getBoundingClientRect();
          return { left, right };
        }
        throw new Error(`"${needle}" is not in the element`);
      };
      return Object.fromEntries(
        Object.entries(wanted).map(([key, needle]) => [key, boxOf(needle as string)]),
      );
    },
    needles as Record<string, string>,
  ) as Promise<Record<K, GlyphBox>>;
}
