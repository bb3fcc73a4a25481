import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { dehydrate, defaultShouldDehydrateQuery } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { Language } from '@safqa/shared/constants';
import { isApiError, setServerTransport, type ServerTransport } from './lib/api-client';
import { i18n, loadAllCatalogues } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { App } from './app/app';
import { isPageHandle, type PageContext, type PageHead } from './lib/page-handle';
import { lazyPageAreas } from './app/lazy-page';
import { routes } from './app/router';
import { serializeServerState, toDataBlockJson } from './app/server-state';

/**
 * The server entry (DESIGN.md "Rendering"), built by `vite build --ssr` into dist/server/ and loaded
 * by the API (apps/api/src/web/page-renderer.ts). Same route table, components and query functions as
 * the browser; the API answers the queries in-process through `transport`.
 */

export interface RenderRequest {
  /** Path and query string, e.g. `/search?businessTypeId=4`. */
  url: string;
  lang: Language;
  signedInHint: boolean;
}

export type RenderResult =
  /** Not a server-rendered page (signed-in pages, /verify-email...): serve the client shell. */
  | { kind: 'shell' }
  | {
      kind: 'page';
      status: number;
      /** React's hoisted head elements (the page's <title>, preloads), for <head>. */
      headElements: string;
      /** The app's markup, for <div id="root">. */
      body: string;
      head: PageHead;
      /** JSON for the `server-state` data block. */
      state: string;
    };

let ready: Promise<void> | null = null;

/** Once per process: every catalogue in both languages, and the in-process API transport. */
export function init(options: { transport: ServerTransport }): Promise<void> {
  setServerTransport(options.transport);
  ready ??= loadAllCatalogues();
  return ready;
}

/** A render still waiting for something after this long is abandoned (the shell is served instead). */
const RENDER_TIMEOUT_MS = 10_000;

/** Leading elements React hoists to the start of a partial render: <title>, <meta>, <link>. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/;

function splitHoisted(markup: string): { headElements: string; body: string } {
  let rest = markup;
  let headElements = '';
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    headElements += match[0];
    rest = rest.slice(match[0].length);
  }
  return { headElements, body: rest };
}

function renderToStringStreaming(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const timer = setTimeout(() => stream.abort(new Error('server render timed out')), RENDER_TIMEOUT_MS);
    timer.unref();
    const stream = renderToPipeableStream(element, {
      // Never outline a finished Suspense boundary (React would then complete it with an inline
      // <script>, which the CSP forbids): everything is ready when we write, so it goes in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // Everything is loaded before rendering; waiting for all of it gives crawlers the whole page.
      onAllReady() {
        if (failed) {
          clearTimeout(timer);
          return reject(failed);
        }
        // Bytes kept as they come and decoded once: a string decoder per chunk cost more.
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => {
          clearTimeout(timer);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      // An error inside a boundary would be rendered as the client's error screen: treat it as a
      // failed render, so the caller serves the shell and logs it.
      onError(error) {
        failed ??= error;
      },
    });
  });
}

/** What React writes for a boundary it could not finish: still pending, or left to the client. */
const UNFINISHED_BOUNDARY = /<!--\$[?!]-->/;

/**
 * The page's markup. Nearly always nothing suspends (the data is prefetched and the page's code loaded
 * before rendering), so the synchronous render is tried first: React then writes strings, where the
 * streaming one encodes every chunk to bytes that are decoded again (a fifth of React's time, issue 20).
 * A boundary it could not finish (a lazy module's first use in this process, an error) is rendered
 * again by the streaming render, which waits for it and reports errors.
 */
async function renderMarkup(element: ReactNode): Promise<string> {
  try {
    const markup = renderToString(element);
    if (!UNFINISHED_BOUNDARY.test(markup)) return markup;
  } catch {
    // Suspended outside any boundary, or failed: the streaming render settles which.
  }
  return renderToStringStreaming(element);
}

let handlerOnce: ReturnType<typeof createStaticHandler> | undefined;
/** Catalogue areas each leaf route's page needs (its lazy chain's areas never change while it runs). */
const lazyAreasOf = new Map<string, readonly string[]>();
const i18nOf: Partial<Record<Language, ReturnType<typeof i18n.cloneInstance>>> = {};

/** Matching the route table again costs as much as a tenth of a render: once per leaf route. */
function lazyAreasOfLeaf(routeId: string, url: URL): readonly string[] {
  let areas = lazyAreasOf.get(routeId);
  if (!areas) {
    areas = (matchRoutes(routes, url) ?? []).flatMap((match) => lazyPageAreas(match.route.lazy));
    lazyAreasOf.set(routeId, areas);
  }
  return areas;
}

const cataloguesJson = new Map<string, string>();

/** The catalogues of these areas in this language, as data-block JSON: made once per set (they never change). */
function cataloguesJsonOf(lang: Language, areas: readonly string[]): string {
  const unique = [...new Set(areas)];
  const key = `${lang}|${unique.join(',')}`;
  let json = cataloguesJson.get(key);
  if (json === undefined) {
    json = toDataBlockJson(
      Object.fromEntries(
        unique.map((area) => [area, i18n.getResource(lang, 'translation', area) as unknown]),
      ),
    );
    cataloguesJson.set(key, json);
  }
  return json;
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  if (!ready) throw new Error('entry-server: init() was not called');
  await ready;
  const url = new URL(request.url, 'http://localhost');
  // One handler and one i18next instance per language for the process: building them per render
  // was a third of an uncached page's CPU (routes and catalogues never change while it runs).
  handlerOnce ??= createStaticHandler(routes);
  const handler = handlerOnce;
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { kind: 'shell' };
  const leaf = context.matches.at(-1);
  const handle = leaf?.route.handle;
  if (!leaf || !isPageHandle(handle)) return { kind: 'shell' };

  const queryClient = createQueryClient();
  const t = i18n.getFixedT(request.lang);
  const pageContext: PageContext = {
    queryClient,
    params: leaf.params,
    url,
    lang: request.lang,
    t,
    signedInHint: request.signedInHint,
  };
  const prefetched = await handle.prefetch?.(pageContext);
  const status = prefetched?.status ?? context.statusCode;

  const requestI18n = (i18nOf[request.lang] ??= i18n.cloneInstance({ lng: request.lang, initAsync: false }));
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = await renderMarkup(
    <I18nextProvider i18n={requestI18n}>
      <App queryClient={queryClient} signedInHint={request.signedInHint}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
    </I18nextProvider>,
  );
  const state = serializeServerState(
    {
      queries: dehydrate(queryClient, {
        // A listing that is not public is rendered as "not found": the browser must start from that
        // answer too, or its first render (a spinner) would not match the HTML.
        shouldDehydrateQuery: (query) =>
          defaultShouldDehydrateQuery(query) ||
          (query.state.status === 'error' &&
            isApiError(query.state.error) &&
            query.state.error.status === 404),
      }),
      signedInHint: request.signedInHint,
      areas: handle.areas ?? [],
    },
    cataloguesJsonOf(request.lang, [
      'common',
      ...lazyAreasOfLeaf(leaf.route.id, url),
      ...(handle.areas ?? []),
    ]),
  );
  return { kind: 'page', status, ...splitHoisted(markup), head: handle.head(pageContext), state };
}

export { pageAddress } from './app/page-address';
