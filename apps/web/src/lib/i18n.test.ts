import { describe, expect, it } from 'vitest';

const arabic = import.meta.glob<Record<string, unknown>>('../locales/ar/*.json', {
  eager: true,
  import: 'default',
});

function strings(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => strings(child, path ? `${path}.${key}` : key));
  return [];
}

describe('Arabic catalogues', () => {
  it('write numbers in Latin digits, as lib/format.ts writes every number on the page', () => {
    const all = Object.entries(arabic).flatMap(([file, catalogue]) =>
      strings(catalogue, file.replace(/^.*\//, '')),
    );
    expect(all.length).toBeGreaterThan(100);
    // "١٥ دقيقة" next to "25 نوفمبر 2026" on the same tab mixed two ways of writing numbers.
    expect(all.filter(([, text]) => /[٠-٩]/u.test(text)).map(([key]) => key)).toEqual([]);
  });
});
