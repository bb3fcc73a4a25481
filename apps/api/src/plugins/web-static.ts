import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runAsBackground } from '../db/work-lanes';
import { PAGE_COOKIES, type Language } from '@safqa/shared/constants';
import { issueVisitorCookie, viewerOf } from '../lib/viewer';
import { decodedPath } from '../lib/request-path';
import { redactUrl } from '../logger';
import { ifNoneMatchHits, PRIVATE_REVALIDATE, PUBLIC_SHARED } from '../lib/http-cache';
import { createPageCache, listingOfAddress, type PageRequest } from '../web/page-cache';
import { createStoredPages, debounced, type PageRenderCounts } from '../web/stored-pages';
import { pruneStoredPages } from '../web/stored-pages-repository';
import { devMailEnabled } from '../config';
import { parseTemplate, renderHead } from '../web/page-document';
import { loadPageRenderer, type PageRenderer } from '../web/page-renderer';
import { AppError } from '../lib/app-error';
import { storeServerError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Keys of stored public files: letters, digits, / _ . - (storage.ts refuses anything else). */
const SAFE_UPLOAD_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/i;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const HOUR_MS = 60 * 60 * 1000;
/**
 * Stored pages of this build nobody has opened for a week are dropped (a visited page is rendered
 * again every 10 minutes, so it stays): the store holds what is visited, bounded by traffic, not
 * every listing of every build (decision 011).
 */
const UNVISITED_KEPT_MS = 7 * 24 * HOUR_MS;
const PRUNE_STORED_PAGES = 'pages.prune-stored';

declare module 'fastify' {
  interface FastifyInstance {
    /** Listing pages rendered and read from the shared store (web/stored-pages.ts), for /metrics. */
    pageRenders?: PageRenderCounts;
    /** The warmer that renders listing pages ahead (absent without a web build): health reads it. */
    pageWarmer?: { retrying(): boolean };
  }
}

/** Paths that never fall back to the web app: the API, hashed assets and uploads answer 404 when missing. */
const NO_FALLBACK = /^\/(?:api|assets|uploads|og)(?:\/|$)/;
/**
 * The mail catcher's page, matched as the web app's router would (decoded, any case, repeated slashes
 * as one): where the catcher is off (production) it is the JSON 404, like its API.
 */
const DEV_MAIL_PAGE = /^\/dev\/mail(?:\/|$)/;
function isDevMailPage(url: string) {
  return DEV_MAIL_PAGE.test(
    decodedPath(url)
      .replace(/\/{2,}/g, '/')
      .toLowerCase(),
  );
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
  const publicHeaders = (reply: { header(name: string, value: string): unknown }) => {
    reply.header('cache-control', IMMUTABLE);
    reply.header('x-content-type-options', 'nosniff');
    // Public images may be shown by other sites (webmail showing our emails, link previews).
    reply.header('cross-origin-resource-policy', 'cross-origin');
  };
  const { publicRoot } = app.storage;
  if (publicRoot) {
    mkdirSync(publicRoot, { recursive: true });
    await app.register(fastifyStatic, {
      root: publicRoot,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: publicHeaders,
    });
  } else {
    // Object storage: the same addresses, streamed from the bucket (which stays private).
    app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const object =
        SAFE_UPLOAD_KEY.test(key) && !key.includes('..') ? await app.storage.get('public', key) : null;
      if (!object) throw new AppError(404, 'NOT_FOUND');
      publicHeaders(reply);
      return reply
        .type(key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream')
        .header('content-length', object.size)
        .send(object.stream);
    });
  }

  const root = app.config.webDist;
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.info({ webDist: root }, 'no web build found; serving the API only');
    return;
  }

  // Hashed files are looked up on disk per request, not listed at start: during a rolling deploy the
  // next build is written beside this one (scripts/cluster.mjs keeps the old files), and a page of the
  // new build whose chunk request reaches a process still running the old one must get the chunk.
  // The build writes .br and .gz beside every text file (apps/web/vite.config.ts): sent by content
  // negotiation, with Vary: Accept-Encoding.
  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    preCompressed: true,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
    },
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    // One route per file of the build (no wildcard), so the catch-all below can own every other path.
    wildcard: false,
    index: false,
    preCompressed: true,
    // index.html is the page template; server/ is the server entry, not for browsers.
    globIgnore: ['index.html', 'server/**', 'assets/**'],
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'no-cache');
    },
  });

  // Read once: a new build is deployed with a restart.
  const template = parseTemplate(readFileSync(indexFile, 'utf8'));
  const renderer = await loadPageRenderer(app, root, app.internalRequestSecret).catch((error: unknown) => {
    app.log.error(
      { err: error },
      'the server entry of the web build failed to load; pages are client-rendered',
    );
    return null;
  });
  if (!renderer)
    app.log.warn({ webDist: root }, 'no server entry in the web build; pages are client-rendered');

  const renderPage = async ({ address, lang, signedInHint }: PageRequest) => {
    // Written into the page's style elements and into its policy (Radix's scroll lock <style>
    // needs it): one per rendered page, sent with each copy of it (docs/operations.md).
    const nonce = randomBytes(16).toString('base64');
    if (!renderer) return { html: template.render({ lang, nonce, head: '' }), status: 200, nonce };
    const rendered = await renderSafely(app, renderer, { url: address, lang, signedInHint });
    if (!rendered) return null;
    if (rendered.kind === 'shell') {
      return { html: template.render({ lang, nonce, head: '' }), status: 200, nonce };
    }
    const head = renderHead({
      head: rendered.head,
      lang,
      publicUrl: app.config.publicUrl,
      canonicalPath: address,
      status: rendered.status,
      headElements: rendered.headElements,
    });
    const html = template.render({ lang, nonce, head, body: rendered.body, state: rendered.state });
    return { html, status: rendered.status, nonce };
  };

  // Listing pages are rendered once per version for every process of this build (the build decides
  // the scripts a page names, and NODE_ENV which React rendered it).
  const stored = renderer
    ? createStoredPages({
        db: app.db,
        build: buildIdentity(app.config.env, indexFile, path.join(root, 'server', 'entry-server.js')),
        render: renderPage,
        log: app.log,
      })
    : null;
  if (stored) {
    app.decorate('pageRenders', stored.counts);
    app.decorate('pageWarmer', { retrying: stored.retrying });
    // The warmer is background work (db/work-lanes.ts): it renders on the background pool.
    const warmSoon = debounced(() => void runAsBackground(() => stored.warm()));
    app.contentVersions.onChange(warmSoon);
    app.addHook('onReady', () => {
      // Failures are retried by the warmer itself (and logged there).
      void runAsBackground(() => stored.start());
    });
    app.addHook('onClose', async () => {
      stored.stop();
      await runAsBackground(() => stored.warm());
    });
    app.jobs.every(PRUNE_STORED_PAGES, HOUR_MS, async ({ now, log }) => {
      const pruned = await pruneStoredPages(app.db, stored.build, {
        otherBuilds: new Date(now.getTime() - HOUR_MS),
        unvisited: new Date(now.getTime() - UNVISITED_KEPT_MS),
      });
      if (pruned) log.info({ pruned }, 'stored pages pruned');
    });
  }

  const pages = createPageCache({
    versionOf: ({ address }) => {
      const listing = listingOfAddress(address);
      return listing === null ? app.contentVersions.ofLists() : app.contentVersions.ofListing(listing);
    },
    render: stored ? stored.render : renderPage,
  });

  const devMail = devMailEnabled(app.config);
  // Any page address answers HTML, whatever the Accept header: link-preview crawlers send */*.
  app.get('/*', { schema: { hide: true }, config: { publicRead: true } }, async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    if (NO_FALLBACK.test(decodedPath(url.pathname)) || (!devMail && isDevMailPage(request.url)))
      return reply.callNotFound();
    const { lang, fromUrl } = pageLanguage(request, reply, app.config.isProduction);
    const signedInHint = request.cookies[PAGE_COOKIES.signedIn] === '1';
    const address = renderer ? renderer.pageAddress(url) : url.pathname;
    const issuedVisitorCookie = issueVisitorCookie(request, reply, app.config.isProduction);
    reply.type('text/html; charset=utf-8');

    const page = await pages.get({ address, lang, signedInHint });
    if (!page) {
      // Not rendered (logged by renderSafely): the client shell, for this request only.
      const nonce = randomBytes(16).toString('base64');
      withNonce(reply, nonce);
      return reply
        .header('cache-control', 'no-store')
        .header('vary', 'cookie')
        .send(template.render({ lang, nonce, head: '' }));
    }
    withNonce(reply, page.nonce);
    await countListingView(app, address, page.status, signedInHint, request);

    // Shared caches may keep a page only when its address alone decides it: the language in the
    // URL, nobody signed in, and no visitor's own cookie in the answer. Anything else is the
    // client's own (revalidated by ETag), and says it depends on cookies.
    const personal = signedInHint || request.headers.authorization !== undefined || issuedVisitorCookie;
    if (fromUrl && !personal) reply.header('cache-control', PUBLIC_SHARED).header('vary', 'accept-encoding');
    else reply.header('cache-control', PRIVATE_REVALIDATE).header('vary', 'cookie, accept-encoding');

    const { body, encoding, etag } = page.body.representation(request.headers['accept-encoding']);
    reply.header('etag', etag);
    if (ifNoneMatchHits(request.headers['if-none-match'], page.body.etags)) {
      return reply.status(304).send();
    }
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.status(page.status).send(body);
  });
}

/**
 * Names a web build by its page template and server entry, and by the React (NODE_ENV, read through
 * config.ts like every setting) rendering it.
 */
function buildIdentity(env: string, ...files: string[]): string {
  const hash = createHash('sha256').update(env);
  for (const file of files) hash.update(readFileSync(file));
  return hash.digest('base64url').slice(0, 16);
}

/** Adds the page's nonce to style-src of the policy the security headers set. */
function withNonce(reply: FastifyReply, nonce: string) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 'nonce-${nonce}'`),
    );
  }
}

const LISTING_PAGE = /^\/opportunities\/([1-9][0-9]{0,9})$/;

/**
 * A listing page rendered here carries the listing (the browser does not ask the API for it again),
 * so its view is counted here, for the visitor's cookie. Signed-in visitors get the page without the
 * listing and their browser's API call counts them (as `u:<id>`): not counted here.
 */
async function countListingView(
  app: FastifyInstance,
  pathname: string,
  status: number,
  signedInHint: boolean,
  request: FastifyRequest,
) {
  const match = LISTING_PAGE.exec(pathname);
  if (!match || status !== 200 || signedInHint || !app.hasDecorator('opportunities')) return;
  const viewer = viewerOf(request);
  if (viewer) await app.opportunities.countPageView(Number(match[1]), viewer);
}

/**
 * `?lang=ar|en` (then remembered in the `lang` cookie), else the `lang` cookie, else Arabic;
 * `fromUrl` when the address chose it (only then may a shared cache keep the page by its URL).
 */
function pageLanguage(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): { lang: Language; fromUrl: boolean } {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  const remembered = request.cookies[PAGE_COOKIES.language];
  if (asked === 'ar' || asked === 'en') {
    if (remembered !== asked) {
      reply.setCookie(PAGE_COOKIES.language, asked, {
        path: '/',
        maxAge: ONE_YEAR_SECONDS,
        sameSite: 'lax',
        secure,
      });
    }
    return { lang: asked, fromUrl: true };
  }
  return { lang: remembered === 'en' ? 'en' : 'ar', fromUrl: false };
}

/**
 * A page the server cannot render is still a page the browser can: the failure goes to the error
 * logs and the visitor gets the client shell (never a 500).
 */
async function renderSafely(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: Parameters<PageRenderer['render']>[0],
) {
  try {
    return await renderer.render(request);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    app.log.error(
      { err: failure, url: redactUrl(request.url) },
      'server rendering failed; serving the client shell',
    );
    await storeServerError(app, {
      error: failure,
      endpoint: `GET ${request.url.split('?')[0]}`,
      log: app.log,
    });
    return null;
  }
}

export default fp(webStaticPlugin, {
  name: 'web-static',
  dependencies: ['storage', 'errors', 'content-versions', 'jobs', 'rate-limits', 'auth', 'opportunities'],
});
