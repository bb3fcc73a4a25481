import { PAGE_COOKIES } from '@safqa/shared/constants';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Sets (or with null, removes) a cookie the server reads to render pages; never secret, never HttpOnly. */
function writePageCookie(name: string, value: string | null) {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=lax${secure}`
      : `${name}=${value}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
}

export function writeLanguageCookie(lng: 'ar' | 'en') {
  writePageCookie(PAGE_COOKIES.language, lng);
}

export function writeSignedInCookie(signedIn: boolean) {
  writePageCookie(PAGE_COOKIES.signedIn, signedIn ? '1' : null);
}
