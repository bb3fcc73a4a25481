import { STORAGE_KEYS, type Language } from '@safqa/shared/constants';
import { writeLanguageCookie } from './page-cookies';

/** The reading direction of a language (i18next's dir() builds an Intl.Locale on every call). */
export const directionOf = (lng: Language): 'rtl' | 'ltr' => (lng === 'ar' ? 'rtl' : 'ltr');

/** The language the user chose (localStorage `language`), Arabic unless English was chosen. */
export function storedLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEYS.language) === 'en' ? 'en' : 'ar';
  } catch {
    return 'ar';
  }
}

/** The language of the page right now: <html lang>, which public/boot.js and applyLanguage keep in step. */
export function currentLanguage(): Language {
  if (typeof document === 'undefined') return 'ar';
  return document.documentElement.lang === 'en' ? 'en' : 'ar';
}

/** Stores the choice and sets <html lang dir>, as public/boot.js does before first paint. */
export function setDocumentLanguage(lng: Language) {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    /* storage blocked: the switch still applies to this page */
  }
  // The server renders the next page in this language (API.md "Pages, previews and crawlers").
  writeLanguageCookie(lng);
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}
