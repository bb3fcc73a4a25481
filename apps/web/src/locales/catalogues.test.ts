import { describe, expect, it } from 'vitest';

/**
 * The two catalogues stay one product: every text exists in Arabic and in English, and every key
 * the code names literally (`t('area.key')`) exists in both. A key missing in one language shows its
 * raw name on that language's screen, which no other test notices.
 */

type Catalogue = Record<string, unknown>;
const load = (pattern: Record<string, Catalogue>) =>
  Object.fromEntries(
    Object.entries(pattern).map(([file, content]) => [file.replace(/^.*\/|\.json$/g, ''), content]),
  );
const catalogues = {
  ar: load(import.meta.glob<Catalogue>('./ar/*.json', { eager: true, import: 'default' })),
  en: load(import.meta.glob<Catalogue>('./en/*.json', { eager: true, import: 'default' })),
};
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Plural forms differ by language (Arabic has six, English two): `x_one`, `x_few`... all name `x`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(value: unknown, path: string): Array<[string, unknown]> {
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  return [[path, value]];
}

function keysOf(language: 'ar' | 'en'): Set<string> {
  return new Set(leaves(catalogues[language], '').map(([key]) => key.replace(PLURAL, '')));
}

describe('catalogues', () => {
  it('have the same areas and the same keys in Arabic and English', () => {
    expect(Object.keys(catalogues.en).sort()).toEqual(Object.keys(catalogues.ar).sort());
    const ar = keysOf('ar');
    const en = keysOf('en');
    expect(ar.size).toBeGreaterThan(500);
    expect([...ar].filter((key) => !en.has(key))).toEqual([]);
    expect([...en].filter((key) => !ar.has(key))).toEqual([]);
  });

  it('hold a non-empty text for every key', () => {
    for (const language of ['ar', 'en'] as const) {
      const empty = leaves(catalogues[language], '').filter(
        ([, text]) => typeof text !== 'string' || text.trim() === '',
      );
      expect(empty.map(([key]) => `${language}:${key}`)).toEqual([]);
    }
  });

  it('hold every key the code names literally, in both languages', () => {
    const named = new Set<string>();
    for (const source of Object.values(sources))
      for (const match of source.matchAll(/\bt\(\s*'([a-z][\w-]*(?:\.[\w-]+)+)'/g)) named.add(match[1]!);
    expect(named.size).toBeGreaterThan(300);
    for (const language of ['ar', 'en'] as const) {
      const keys = keysOf(language);
      // A key may name a whole object passed on with returnObjects: its leaves are under it.
      const missing = [...named].filter(
        (key) => !keys.has(key) && ![...keys].some((k) => k.startsWith(`${key}.`)),
      );
      expect(missing.map((key) => `${language}:${key}`)).toEqual([]);
    }
  });
});
