import type { Language } from '@safqa/shared/constants';

/** The UI language as a Language (anything but English is Arabic, the default). */
export function asLanguage(lng: string | undefined): Language {
  return lng === 'en' ? 'en' : 'ar';
}

/** Picks the text of the UI language, falling back to the other one when it is empty. */
export function localized(
  ar: string | null | undefined,
  en: string | null | undefined,
  lng: Language,
): string {
  const [first, second] = lng === 'en' ? [en, ar] : [ar, en];
  return (first?.trim() ? first : second) ?? '';
}

/** An opportunity's name in the UI language (cards carry both). */
export function opportunityTitle(
  o: { opportunityName: string; opportunityNameAr: string },
  lng: Language,
): string {
  return localized(o.opportunityNameAr, o.opportunityName, lng);
}
