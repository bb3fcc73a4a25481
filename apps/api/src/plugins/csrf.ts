import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { routedPath } from '../lib/request-path';
import { sendError } from './errors';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Posts that carry their own authority and come from outside any page of ours: RFC 8058 one-click
 * unsubscribe is posted by the mail provider with only the signed token of the link, which can do
 * nothing but switch that one saved search off.
 */
const EXEMPT_ROUTES = new Set(['/api/saved-searches/unsubscribe']);

/**
 * Whether a call must echo the CSRF cookie in X-XSRF-TOKEN: every unsafe method under /api/ except
 * the exempt routes. `path` is a route pattern (or, for an address no route answers, its decoded
 * path: see routedPath). The hook below and the OpenAPI document both ask this one rule.
 */
export function csrfRequired(method: string, path: string): boolean {
  return UNSAFE.has(method.toUpperCase()) && path.startsWith('/api/') && !EXEMPT_ROUTES.has(path);
}

function sign(secret: string, nonce: string) {
  return createHmac('sha256', secret).update(`csrf:${nonce}`).digest('base64url');
}

declare module 'fastify' {
  interface FastifyReply {
    issueCsrfCookie(): FastifyReply;
  }
}

/**
 * Signed double-submit: the cookie holds nonce.signature (readable by our JS, not forgeable without
 * the secret); unsafe methods must echo it in X-XSRF-TOKEN. A cross-site page can neither read the
 * cookie nor plant one that verifies.
 */
async function csrfPlugin(app: FastifyInstance) {
  const secret = app.config.jwtSecret;

  function isValid(token: string) {
    const [nonce, signature] = token.split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(sign(secret, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  app.decorateReply('issueCsrfCookie', function (this: FastifyReply) {
    const existing = this.request.cookies[CSRF_COOKIE];
    if (existing && isValid(existing)) return this;
    const nonce = randomBytes(18).toString('base64url');
    return this.setCookie(CSRF_COOKIE, `${nonce}.${sign(secret, nonce)}`, {
      path: '/',
      sameSite: 'lax',
      secure: app.config.isProduction,
      httpOnly: false,
      maxAge: 60 * 60 * 24 * 7,
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!csrfRequired(request.method, routedPath(request))) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || header !== cookie || !isValid(cookie)) {
      return sendError(reply, 403, 'CSRF_FAILED', request.lang);
    }
  });
}

export default fp(csrfPlugin, { name: 'csrf', dependencies: ['database', 'errors'] });
