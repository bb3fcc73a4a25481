import { afterEach, describe, expect, it, vi } from 'vitest';

const { NumberFormat, DateTimeFormat } = Intl;
afterEach(() => {
  Intl.NumberFormat = NumberFormat;
  Intl.DateTimeFormat = DateTimeFormat;
});

/** A fresh lib/format.ts (its formatters are cached per module), counting the Intl formatters made. */
async function freshFormat() {
  const made = { number: 0, date: 0 };
  Intl.NumberFormat = class extends NumberFormat {
    constructor(...args: ConstructorParameters<typeof NumberFormat>) {
      super(...args);
      made.number += 1;
    }
  } as typeof Intl.NumberFormat;
  Intl.DateTimeFormat = class extends DateTimeFormat {
    constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
      super(...args);
      made.date += 1;
    }
  } as typeof Intl.DateTimeFormat;
  vi.resetModules();
  return { format: await import('./format'), made };
}

describe('prepareFormats (issue 26: Intl set up before hydrating, not inside it)', () => {
  it('makes the number formats a card and a listing use, so rendering them makes none', async () => {
    const { format, made } = await freshFormat();
    format.prepareFormats('number', 'ar');
    const prepared = made.number;
    expect(prepared).toBeGreaterThan(0);
    expect(format.formatCompactCurrency(1_500_000, 'ar')).toContain('1.5');
    format.formatCurrency(1_500_000, 'ar');
    format.formatNumber(12, 'ar');
    expect(made.number).toBe(prepared);
  });

  it('makes the date format of a listing, in the language asked for', async () => {
    const { format, made } = await freshFormat();
    format.prepareFormats('date', 'en');
    const prepared = made.date;
    expect(prepared).toBeGreaterThan(0);
    expect(format.formatDate('2026-03-05', 'en')).toContain('2026');
    expect(made.date).toBe(prepared);
  });
});
