import { describe, expect, it } from 'vitest';
import {
  formatCompactCurrency,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatRelativeTime,
} from './format';

/** Intl output may contain bidi marks and no-break spaces; compare on what a reader sees. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');

describe('numbers', () => {
  it('group thousands with Latin digits in both languages', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(plain(formatNumber(1234567.5, 'ar'))).toMatch(/^1[,٬]234[,٬]567[.٫]5$/);
  });

  it('are empty for missing or non-numeric values, and accept numeric strings', () => {
    expect(formatNumber(null, 'en')).toBe('');
    expect(formatNumber('abc', 'en')).toBe('');
    expect(formatNumber('2500', 'en')).toBe('2,500');
  });

  it('show Saudi riyals as whole amounts', () => {
    expect(plain(formatCurrency(1500000, 'en'))).toBe('SAR 1,500,000');
    const ar = plain(formatCurrency(1500000, 'ar'));
    expect(ar).toContain('1,500,000');
    expect(ar).toContain('ر.س');
  });

  it('shorten large amounts for cards', () => {
    expect(plain(formatCompactCurrency(1500000, 'en'))).toBe('SAR 1.5M');
    expect(plain(formatCompactCurrency(1500000, 'ar'))).toContain('1.5');
  });

  it('take percentages in points', () => {
    expect(formatPercent(25, 'en')).toBe('25%');
    expect(plain(formatPercent(12.5, 'ar'))).toMatch(/^12[.٫]5\s?[%٪]$/);
  });
});

describe('dates', () => {
  const date = '2024-03-05T10:00:00Z';

  it('use the Gregorian calendar in Arabic too, with Latin digits', () => {
    const ar = plain(formatDate(date, 'ar', 'long'));
    expect(ar).toContain('2024');
    expect(ar).toContain('مارس');
    expect(plain(formatDate(date, 'en', 'long'))).toBe('5 March 2024');
  });

  it('are the day in Saudi Arabia whatever the zone they are formatted in (server and browser agree)', () => {
    // 22:30 UTC is already the next day in Riyadh (UTC+3): the server (UTC) and a browser in Riyadh
    // must both write 29 August, or hydration fails.
    expect(plain(formatDate('2026-08-28T22:30:00Z', 'en', 'long'))).toBe('29 August 2026');
    expect(plain(formatDate('2026-08-28T20:30:00Z', 'en', 'long'))).toBe('28 August 2026');
  });

  it('include the time when asked, and are empty for invalid input', () => {
    expect(formatDateTime(date, 'en')).toMatch(/5 Mar 2024/);
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime(undefined, 'ar')).toBe('');
  });

  it('describe relative times in words', () => {
    const now = Date.parse(date);
    expect(formatRelativeTime(now - 3 * 24 * 3600 * 1000, 'en', now)).toBe('3 days ago');
    expect(formatRelativeTime(now - 60 * 1000, 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(now, 'en', now)).toBe('now');
    expect(formatRelativeTime(now - 3 * 24 * 3600 * 1000, 'ar', now)).toContain('3');
  });
});
