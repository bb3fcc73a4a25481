import type { Language } from '@safqa/shared/constants';

/**
 * Numbers, money and dates through Intl. Arabic uses the Gregorian calendar and Latin digits
 * (the usage of Saudi business sites and of the numbers people type); the text stays Arabic.
 */

const LOCALES: Record<Language, string> = {
  ar: 'ar-SA-u-ca-gregory-nu-latn',
  // Day-first dates ("5 March 2024") like the Arabic side.
  en: 'en-GB-u-ca-gregory-nu-latn',
};
/** Numbers in English use US conventions: "SAR 1.5M" rather than the British "1.5m". */
const NUMBER_LOCALES: Record<Language, string> = {
  ar: LOCALES.ar,
  en: 'en-US-u-nu-latn',
};

export function localeOf(lng: Language): string {
  return LOCALES[lng];
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 1234567.5 → "1,234,567.5"; empty for a missing or non-numeric value. */
export function formatNumber(
  value: number | string | null | undefined,
  lng: Language,
  maximumFractionDigits = 2,
): string {
  const number = toNumber(value);
  if (number === null) return '';
  return cached(
    `n:${lng}:${maximumFractionDigits}`,
    () => new Intl.NumberFormat(NUMBER_LOCALES[lng], { maximumFractionDigits }),
  ).format(number);
}

/** An amount of Saudi riyals (API.md: money is SAR), whole riyals. */
export function formatCurrency(value: number | string | null | undefined, lng: Language): string {
  const number = toNumber(value);
  if (number === null) return '';
  return cached(
    `c:${lng}`,
    () =>
      new Intl.NumberFormat(NUMBER_LOCALES[lng], {
        style: 'currency',
        currency: 'SAR',
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
  ).format(number);
}

/** Short amounts for cards: 1,500,000 → "1.5M" / "1.5 مليون". */
export function formatCompactCurrency(value: number | string | null | undefined, lng: Language): string {
  const number = toNumber(value);
  if (number === null) return '';
  return cached(
    `cc:${lng}`,
    () =>
      new Intl.NumberFormat(NUMBER_LOCALES[lng], {
        style: 'currency',
        currency: 'SAR',
        notation: 'compact',
        // Explicit: SAR's own two digits would otherwise make some ICU versions (Node's) write
        // "720.0K" where browsers write "720K", and server-rendered text must match the browser's.
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }),
  ).format(number);
}

/** A large amount in words, beside the figure typed: 1,500,000 → "1.5 million" / "1.5 مليون". */
export function formatCompactAmount(value: number | string | null | undefined, lng: Language): string {
  const number = toNumber(value);
  if (number === null) return '';
  return cached(
    `ca:${lng}`,
    () =>
      new Intl.NumberFormat(NUMBER_LOCALES[lng], {
        notation: 'compact',
        compactDisplay: 'long',
        maximumFractionDigits: 2,
      }),
  ).format(number);
}

/** A percentage given in points (25 means 25 %), as the API sends offered percentages. */
export function formatPercent(points: number | string | null | undefined, lng: Language): string {
  const number = toNumber(points);
  if (number === null) return '';
  return cached(
    `p:${lng}`,
    () => new Intl.NumberFormat(NUMBER_LOCALES[lng], { style: 'percent', maximumFractionDigits: 2 }),
  ).format(number / 100);
}

export type DateStyle = 'short' | 'medium' | 'long';

/**
 * The market's time zone. A calendar date is the day in Saudi Arabia, on the server and in every
 * browser: the server renders a page before it knows the visitor's zone, and the browser must hydrate
 * the same text (a listing posted at 22:00 UTC was "28 August" in the HTML and "29 August" in a
 * browser in Riyadh, a hydration mismatch that re-rendered the whole page).
 */
export const MARKET_TIME_ZONE = 'Asia/Riyadh';

/** An ISO date (or Date) as a calendar date, the day in the market's time zone. */
export function formatDate(
  value: Date | string | number | null | undefined,
  lng: Language,
  style: DateStyle = 'medium',
): string {
  const date = toDate(value);
  if (!date) return '';
  return cached(
    `d:${lng}:${style}`,
    () => new Intl.DateTimeFormat(LOCALES[lng], { dateStyle: style, timeZone: MARKET_TIME_ZONE }),
  ).format(date);
}

/** Date and time, in the user's time zone. */
export function formatDateTime(value: Date | string | number | null | undefined, lng: Language): string {
  const date = toDate(value);
  if (!date) return '';
  return cached(
    `dt:${lng}`,
    () => new Intl.DateTimeFormat(LOCALES[lng], { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago" / "قبل 3 أيام", relative to `now`. */
export function formatRelativeTime(
  value: Date | string | number | null | undefined,
  lng: Language,
  now: Date | number = Date.now(),
): string {
  const date = toDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - (typeof now === 'number' ? now : now.getTime())) / 1000);
  const format = cached(`r:${lng}`, () => new Intl.RelativeTimeFormat(LOCALES[lng], { numeric: 'auto' }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.round(seconds / size), unit);
  }
  return '';
}

/** What a page's first render formats (PageHandle.formats). */
export type FormatKind = 'number' | 'date';

/**
 * Creates the formatters a page formats its first render with, before it hydrates (main.tsx, each
 * kind in a task of its own). A browser's first Intl number format and its first date format each
 * load ICU data (65-80 ms under CPU x4), which fell inside the hydration task of the page's first
 * price or date (issue 26).
 */
export function prepareFormats(kind: FormatKind, lng: Language): void {
  // Amounts of a million: ICU loads a format's patterns (compact ones especially) on its first use.
  if (kind === 'number') {
    formatNumber(1_234_567.5, lng);
    formatCompactCurrency(1_500_000, lng);
    formatCurrency(1_500_000, lng);
  } else formatDate(Date.now(), lng);
}
