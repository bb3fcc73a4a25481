import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The channel the database triggers of migration 0013 announce changes on (lower case: LISTEN folds). */
export const PAGES_CHANNEL = 'safqa_pages';

/**
 * Versions of what public pages and teasers show, for the caches that keep their rendered bytes
 * (web/page-cache.ts, the teaser route). A cached render is used only while the version it was
 * rendered under is still current; a version read before rendering that changes while rendering
 * leaves that render unused, so a change can never be hidden by a render that started before it.
 */
export interface ContentVersions {
  /** Version of one listing's page and teaser: its own changes and anything shared (lookups). */
  ofListing(id: number): string;
  /** Version of any other page (home, search, FAQ...): any listing, lookups, FAQs. */
  ofLists(): string;
  /** Called after every change heard (and when the listener is back, since changes were missed). */
  onChange(listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentVersions: ContentVersions;
  }
}

const LISTING_PAYLOAD = /^o:([1-9][0-9]{0,9})$/;

/**
 * Every process, the one that made the change included, hears every change through PostgreSQL
 * NOTIFY on PAGES_CHANNEL, sent by triggers at commit whoever writes (API, jobs, scripts): `o:<id>`
 * for a listing, `all` for lookups, `faqs` for FAQs (on no listing's page or teaser). While the
 * listener is down, changes are missed: everything is invalidated when it is back. The home page's top list is not a write (it moves with
 * views): the API reloads it every 30 s, and pages other than listings are kept no longer.
 */
async function contentVersionsPlugin(app: FastifyInstance) {
  let shared = 0;
  let lists = 0;
  const listings = new Map<number, number>();
  const listeners: (() => void)[] = [];

  const listingChanged = (id?: number | 'lists') => {
    lists += 1;
    if (id === undefined) shared += 1;
    else if (id !== 'lists') listings.set(id, (listings.get(id) ?? 0) + 1);
    for (const listener of listeners) listener();
  };

  const versions: ContentVersions = {
    ofListing: (id) => `${shared}.${listings.get(id) ?? 0}`,
    ofLists: () => `${shared}.${lists}`,
    onChange: (listener) => {
      listeners.push(listener);
    },
  };
  app.decorate('contentVersions', versions);

  const unlisten = await app.database.listen(PAGES_CHANNEL, (payload) => {
    const listing = LISTING_PAYLOAD.exec(payload);
    if (listing) listingChanged(Number(listing[1]));
    else if (payload === 'faqs') listingChanged('lists');
    else listingChanged();
  });
  app.database.watchListener({
    onUp: () => listingChanged(),
  });
  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
  });
}

export default fp(contentVersionsPlugin, { name: 'content-versions', dependencies: ['database'] });
