import type { Language } from '@safqa/shared/constants';
import { localeOf } from '@/lib/format';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A UTC calendar day of the API ('2024-03-05') as "5 Mar" / "5 مارس" (the day as the server counted it). */
export function formatDay(day: string, lng: Language, style: 'short' | 'long' = 'short'): string {
  const key = `${lng}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lng), {
      day: 'numeric',
      month: style === 'short' ? 'short' : 'long',
      ...(style === 'long' ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
    formats.set(key, format);
  }
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
}
