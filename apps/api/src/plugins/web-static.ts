import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Written in apps/web/index.html; replaced by a per-request nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Paths that never fall back to the web app: the API, hashed assets and uploads answer 404 when missing. */
const NO_FALLBACK = /^\/(?:api|assets|uploads)(?:\/|$)/;

function wantsHtml(request: FastifyRequest) {
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves what the browser needs besides the API:
 * - public uploaded files under /uploads/ (never rewritten under the same key, so cached for a year);
 * - the web build (config.webDist): hashed files under /assets/ cached for a year, the other files of
 *   the build and index.html revalidated on every use, and index.html for any other page address
 *   (client-side routes) when the browser asks for HTML. Without a build (tests, API-only runs) only
 *   uploads are served and every other path is the JSON 404.
 * Registered after the modules: its catch-all route must not shadow anything.
 */
async function webStaticPlugin(app: FastifyInstance) {
  mkdirSync(app.storage.publicRoot, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.storage.publicRoot,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
      reply.header('x-content-type-options', 'nosniff');
      // Public images may be shown by other sites (webmail showing our emails, link previews).
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const root = app.config.webDist;
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.info({ webDist: root }, 'no web build found; serving the API only');
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per file of the build (no wildcard), so the catch-all below can own every other path.
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = path.relative(root, filePath).startsWith(`assets${path.sep}`);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });

  // Read once: a new build is deployed with a restart.
  const indexHtml = readFileSync(indexFile);
  const etag = `"${createHash('sha256').update(indexHtml).digest('base64url').slice(0, 27)}"`;
  // The build's <meta property="csp-nonce"> carries a fresh nonce on every page load, which the CSP
  // allows for <style> elements: Radix dialogs lock scrolling with one (react-style-singleton).
  const [beforeNonce, afterNonce] = indexHtml.toString('utf8').split(CSP_NONCE_PLACEHOLDER, 2);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (NO_FALLBACK.test(pathname) || !wantsHtml(request)) return reply.callNotFound();
    reply.header('vary', 'accept').type('text/html; charset=utf-8');
    if (afterNonce === undefined) {
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.send(indexHtml);
    }
    // A page and its policy must share one nonce: never served from a cache.
    const nonce = randomBytes(16).toString('base64');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header(
        'content-security-policy',
        policy.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 'nonce-${nonce}'`),
      );
    }
    return reply.header('cache-control', 'no-store').send(`${beforeNonce}${nonce}${afterNonce}`);
  });
}

export default fp(webStaticPlugin, { name: 'web-static', dependencies: ['storage', 'errors'] });
