import type { DehydratedState } from '@tanstack/react-query';

/** What the server hands to the browser with a rendered page (entry-server.tsx writes it). */
export interface ServerState {
  /** TanStack Query's dehydrated cache: the queries the page was rendered with. */
  queries: DehydratedState;
  /** The page was rendered with account parts "loading" (the `signed_in` cookie was there). */
  signedInHint: boolean;
  /** Catalogues the page used beyond its route's own (loaded before hydrating). */
  areas: readonly string[];
  /**
   * The text of every catalogue area the page was rendered with, in its language (`common`, the
   * route's areas, `areas`): the browser hydrates with them instead of downloading and evaluating them
   * as modules first (issue 26).
   */
  catalogues: Record<string, unknown>;
}

export const SERVER_STATE_ID = 'server-state';

/**
 * JSON for a `<script type="application/json">` data block (never executed, so the CSP allows it).
 * `<` is escaped so no text can close the element; U+2028/2029 for old parsers.
 */
export function toDataBlockJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The server state as data-block JSON, its catalogues given already serialized by `toDataBlockJson`:
 * they are the same for every page of a language and route, and serializing 20 KB of them again for
 * each render was a measurable part of its CPU (issue 20).
 */
export function serializeServerState(state: Omit<ServerState, 'catalogues'>, cataloguesJson: string): string {
  return `${toDataBlockJson(state).slice(0, -1)},"catalogues":${cataloguesJson}}`;
}

/** The state of a server-rendered page, or null for the client-rendered shell. */
export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch (error) {
    console.error('Unreadable server state; rendering in the browser', error);
    return null;
  }
}
