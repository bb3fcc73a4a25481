import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { Params } from 'react-router';
import type { Language } from '@safqa/shared/constants';
import type { FormatKind } from './format';

/** What a page tells link previews and search engines (the server turns it into head tags). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute path of a 1200x630 preview image; the site's image when absent. */
  image?: string;
  type?: 'website' | 'article';
  /** schema.org objects for `application/ld+json` (the organisation is added to every page). */
  jsonLd?: Record<string, unknown>[];
}

export interface PageContext {
  queryClient: QueryClient;
  params: Params;
  url: URL;
  lang: Language;
  t: TFunction;
  /** The visitor said they are signed in: personal data is loaded by the browser, not the server. */
  signedInHint: boolean;
}

/**
 * `handle` of a server-rendered page (entry-server.tsx): a page exporting it is rendered on the
 * server; `prefetch` loads its queries (with the same keys and fetchers its hooks use) and may answer
 * the status (404 for a listing that is not public); `head` describes it once the data is there.
 */
export interface PageHandle {
  ssr: true;
  /** Catalogues that components embedded from other features need (loaded before hydration). */
  areas?: readonly string[];
  /** What its first render formats through lib/format.ts: Intl is set up before hydrating (main.tsx). */
  formats?: readonly FormatKind[];
  prefetch?: (context: PageContext) => Promise<{ status?: number } | void>;
  head: (context: PageContext) => PageHead;
}

export function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && (handle as { ssr?: unknown }).ssr === true;
}
