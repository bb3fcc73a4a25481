import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import i18n from 'i18next';
import { setLanguage } from '@/test/utils';
import { loginErrorMessage } from './login-error';

describe('loginErrorMessage: a held account says how long to wait', () => {
  it.each([
    ['ar', 1, 'انتظر ثانية واحدة'],
    ['ar', 4, 'انتظر 4 ثوانٍ'],
    ['ar', 60, 'انتظر 60 ثانية'],
    ['en', 1, 'Wait 1 second'],
    ['en', 32, 'Wait 32 seconds'],
  ] as const)('%s, %i s', async (lng, seconds, expected) => {
    await setLanguage(lng);
    const error = new ApiError('Too many requests', 429, {
      code: 'RATE_LIMITED',
      body: { code: 'RATE_LIMITED', message: 'x', retryAfter: seconds },
    });
    expect(loginErrorMessage(error, i18n.t, lng).text).toContain(expected);
  });

  it('falls back to the server message when no wait is given', async () => {
    await setLanguage('en');
    const error = new ApiError('Too many requests, try again later', 429, {
      code: 'RATE_LIMITED',
      body: { code: 'RATE_LIMITED', message: 'Too many requests, try again later' },
    });
    expect(loginErrorMessage(error, i18n.t, 'en').text).toBe('Too many requests, try again later');
  });
});

describe('loginErrorMessage: a suspended account', () => {
  it.each([
    ['ar', 'أوقفت الإدارة هذا الحساب'],
    ['en', 'suspended by the administrators'],
  ] as const)('says so in %s, whatever the server wrote', async (lng, expected) => {
    await setLanguage(lng);
    const error = new ApiError('x', 403, {
      code: 'ACCOUNT_SUSPENDED',
      body: { code: 'ACCOUNT_SUSPENDED', message: 'x' },
    });
    expect(loginErrorMessage(error, i18n.t, lng)).toEqual({
      text: expect.stringContaining(expected),
      unverified: false,
    });
  });
});
