import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@safqa/shared/constants';
import type { PageHead } from './page-document';

/** The web app's server entry (apps/web/src/entry-server.tsx), as built into dist/server/. */
interface ServerEntry {
  init(options: { transport: Transport }): Promise<void>;
  render(request: { url: string; lang: Language; signedInHint: boolean }): Promise<RenderResult>;
  pageAddress?(url: URL): string;
}
type Transport = (request: {
  url: string;
  method: string;
  headers: Record<string, string>;
}) => Promise<Response>;
export type RenderResult =
  | { kind: 'shell' }
  | { kind: 'page'; status: number; headElements: string; body: string; head: PageHead; state: string };

export interface PageRenderer {
  render(request: { url: string; lang: Language; signedInHint: boolean }): Promise<RenderResult>;
  /** Path and the query parameters that name the page (the canonical address, the cache key). */
  pageAddress(url: URL): string;
}

/** Marks the server entry's own API calls, which are not a visitor's (no per-IP rate limit). */
export const INTERNAL_REQUEST_HEADER = 'x-safqa-internal';

/**
 * Loads the server entry of the web build, or answers null when the build has none (the API then
 * serves the client shell for every page). The entry's API calls are answered in-process by
 * `app.inject`: no socket, no second trip through the load balancer.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  webDist: string,
  internalSecret: string,
): Promise<PageRenderer | null> {
  const entryFile = path.join(webDist, 'server', 'entry-server.js');
  if (!existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  await entry.init({
    transport: async ({ url, method, headers }) => {
      const answer = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...headers, [INTERNAL_REQUEST_HEADER]: internalSecret },
      });
      return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    },
  });
  return {
    render: (request) => entry.render(request),
    // A build from before pageAddress (or a stand-in in tests): the path alone names the page.
    pageAddress: (url) => (typeof entry.pageAddress === 'function' ? entry.pageAddress(url) : url.pathname),
  };
}
