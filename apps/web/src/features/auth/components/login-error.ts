import type { TFunction } from 'i18next';
import { isApiError, serverMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';

/**
 * SPEC.md section 8, login: 401 shows the invalid-credentials message; needsVerification (or a message
 * about verifying the email) the unverified one; then captcha, network and server failures.
 */
export function loginErrorMessage(
  error: unknown,
  t: TFunction,
  lng: string,
): { text: string; unverified: boolean } {
  if (!isApiError(error)) return { text: t('auth.shared.unexpected'), unverified: false };
  const body = error.body as { needsVerification?: unknown } | null;
  const message = serverMessage(error);
  if (body?.needsVerification === true || /verify your email/i.test(message ?? '')) {
    return { text: t('auth.login.errors.unverified'), unverified: true };
  }
  if (error.code === 'INVALID_LOGIN_RESPONSE')
    return { text: t('auth.login.errors.invalidResponse'), unverified: false };
  if (error.status === 401) return { text: t('auth.login.errors.invalidCredentials'), unverified: false };
  // Suspended by an admin (API.md "Trust and safety"): say so, and where the reason went.
  if (error.code === 'ACCOUNT_SUSPENDED')
    return { text: t('auth.login.errors.suspended'), unverified: false };
  const retryAfter = (body as { retryAfter?: unknown } | null)?.retryAfter;
  if (error.status === 429 && typeof retryAfter === 'number' && retryAfter > 0) {
    // Past the allowed tries, each wait grows (1, 2, 4 ... 60 s): say how long this one is.
    const count = Math.ceil(retryAfter);
    return {
      text: t('auth.login.errors.wait', {
        count,
        formatted: formatNumber(count, lng === 'en' ? 'en' : 'ar'),
      }),
      unverified: false,
    };
  }
  if (error.code === 'CAPTCHA_FAILED' || error.code === 'CAPTCHA_REQUIRED') {
    return { text: t('auth.login.errors.captcha'), unverified: false };
  }
  if (error.status === 0) return { text: t('auth.login.errors.network'), unverified: false };
  if (error.status >= 500) return { text: t('auth.login.errors.server'), unverified: false };
  return { text: message ?? t('auth.shared.unexpected'), unverified: false };
}
