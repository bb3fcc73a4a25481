import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Third-party hosts the optional human-check providers load from (their documented CSP entries). */
const CAPTCHA_SOURCES: Record<Config['captchaProvider'], { script: string[]; frame: string[] }> = {
  altcha: { script: [], frame: [] },
  off: { script: [], frame: [] },
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  },
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
  },
};

/**
 * The policy the React app runs under: only our own scripts (no inline, no eval); inline styles only
 * as style attributes (React and Radix set them); ALTCHA solves in blob: workers; the dev mail page
 * shows emails in a sandboxed srcdoc iframe (frame-src 'self'); nobody may frame us.
 */
export function cspDirectives(config: Config): Record<string, string[]> {
  const captcha = CAPTCHA_SOURCES[config.captchaProvider];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...captcha.script],
    'script-src-attr': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'"],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'"],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'self'", ...captcha.frame],
    ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

function buildHelmet(config: Config) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // HSTS only where TLS is certain; a dev server on http://localhost must not be pinned to https.
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    // Cross-origin requests learn our origin only, never a path carrying a reset or verify token.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The same headers as name/value pairs, for answers written straight on the socket before any request
 * exists (plugins/http-errors.ts). They depend on the configuration only, so they are read once by
 * running the middleware on a stand-in response that records what it sets.
 */
export function securityHeaderPairs(config: Config): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => pairs.push([name, String(value)]),
    removeHeader: () => {},
  };
  buildHelmet(config)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return pairs;
}

/**
 * helmet's headers on every answer, the event stream included (set on the raw response, before any
 * route runs). The middleware is built once: @fastify/helmet built it again for every request, and
 * parsed the policy each time.
 */
async function securityHeadersPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const applyHeaders = buildHelmet(config);
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers' });
