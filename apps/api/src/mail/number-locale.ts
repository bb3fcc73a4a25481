import type { Language } from '@safqa/shared/constants';

/**
 * The locale of numbers in what the server writes for people (emails, notifications): Latin digits
 * in Arabic too, as the web app writes every number (apps/web/src/lib/format.ts). An email that wrote
 * "٢٥٠٬٠٠٠ ر.س." beside a Latin phone number and the site's Latin prices read as two systems.
 */
export function numberLocale(lang: Language): string {
  return lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US-u-nu-latn';
}
