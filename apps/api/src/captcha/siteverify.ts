/** reCAPTCHA and Turnstile check a token the same way: a form POST of secret + response to their siteverify. */
export const SITEVERIFY_URLS = {
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
} as const;

export type SiteverifyProvider = keyof typeof SITEVERIFY_URLS;

/** reCAPTCHA v3 answers with a score; below this the visitor is treated as a bot. v2 has no score. */
export const RECAPTCHA_MIN_SCORE = 0.5;
const TIMEOUT_MS = 10_000;
const MAX_TOKEN_LENGTH = 4_096;

/** 'unavailable': the provider could not be asked (network, 5xx, nonsense answer); the caller fails closed. */
export type SiteverifyOutcome = 'ok' | 'invalid' | 'unavailable';

export interface SiteverifyOptions {
  provider: SiteverifyProvider;
  secret: string;
  fetch?: typeof fetch;
}

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  'error-codes'?: unknown;
}

export function createSiteverify(options: SiteverifyOptions) {
  const url = SITEVERIFY_URLS[options.provider];
  return {
    async verify(token: string, remoteIp?: string): Promise<SiteverifyOutcome> {
      if (token.length > MAX_TOKEN_LENGTH) return 'invalid';
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      const doFetch = options.fetch ?? globalThis.fetch;
      let answer: SiteverifyAnswer;
      try {
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) return 'unavailable';
        answer = (await response.json()) as SiteverifyAnswer;
      } catch {
        return 'unavailable';
      }
      if (typeof answer !== 'object' || answer === null || typeof answer.success !== 'boolean') {
        return 'unavailable';
      }
      const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
      // A wrong or missing secret is our misconfiguration, not the visitor's failure.
      if (codes.some((c) => c === 'invalid-input-secret' || c === 'missing-input-secret')) {
        return 'unavailable';
      }
      if (!answer.success) return 'invalid';
      if (typeof answer.score === 'number' && answer.score < RECAPTCHA_MIN_SCORE) return 'invalid';
      return 'ok';
    },
  };
}
