import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@safqa/shared/constants';
import { setDocumentLanguage, storedLanguage } from './language';

/**
 * One catalogue file per area and language: locales/{ar,en}/<area>.json, addressed as t('<area>.key').
 * Only what the screen needs is downloaded: `common` (the shell) at start-up in the current language,
 * an area's file with its lazy page (see app/lazy-page.ts), the other language on switch.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });

/** Areas whose catalogue the app has needed so far; a language switch loads them all in the new language. */
const neededAreas = new Set<string>(['common']);

/** Pages may start downloading before i18next is initialised (the router starts at import time). */
function initialised(): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      i18n.off('initialized', done);
      resolve();
    };
    i18n.on('initialized', done);
  });
}

async function loadCatalogue(lng: Language, area: string) {
  // Handed over with a server-rendered page (initI18n), or loaded before.
  if (i18n.isInitialized && i18n.getResource(lng, 'translation', area) !== undefined) return;
  const load = files[`../locales/${lng}/${area}.json`];
  if (!load) throw new Error(`Missing catalogue locales/${lng}/${area}.json`);
  const content = await load();
  await initialised();
  i18n.addResourceBundle(lng, 'translation', { [area]: content }, true, true);
}

/** Makes sure the catalogues of `areas` are loaded in `lng` (default: the current language). */
export async function loadAreas(
  areas: readonly string[],
  lng: Language = (i18n.language as Language) || storedLanguage(),
) {
  for (const area of areas) neededAreas.add(area);
  await Promise.all(areas.map((area) => loadCatalogue(lng, area)));
}

/**
 * i18next's options. Translated components re-render when the language changes, not when a catalogue is
 * added (issue 26): every catalogue a render needs is loaded before it (a lazy page's with its code, the
 * server-rendered page's before hydrating), so an area that arrives later (the save-search button's
 * after hydration) concerns only the components waiting for it (useAreas); with react-i18next's
 * `bindI18nStore: ''` it re-rendered every translated component on the page, 140-250 ms on a phone.
 */
export function i18nOptions(lng: Language, catalogues: Record<string, unknown> = {}): InitOptions {
  return {
    resources: { [lng]: { translation: catalogues } },
    partialBundledLanguages: true,
    lng,
    fallbackLng: false,
    supportedLngs: ['ar', 'en'],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { bindI18n: 'languageChanged', bindI18nStore: '' },
  };
}

/**
 * Arabic is the source catalogue; English mirrors its keys. Resolves once `common` is loaded.
 * `catalogues`: areas a server-rendered page brought along (ServerState.catalogues), used as they are.
 */
export async function initI18n(lng: Language = storedLanguage(), catalogues: Record<string, unknown> = {}) {
  if (!i18n.isInitialized) await i18n.use(initReactI18next).init(i18nOptions(lng, catalogues));
  await loadAreas(['common', ...Object.keys(catalogues)], lng);
  return i18n;
}

/**
 * Server rendering: every catalogue in both languages, loaded once at start-up, so a page of either
 * language renders at once (each request uses its own i18n.cloneInstance, which shares this store).
 */
export async function loadAllCatalogues() {
  await initI18n('ar');
  await Promise.all(
    Object.keys(files).map(async (file) => {
      const [, lng, area] = /\.\.\/locales\/(ar|en)\/(.+)\.json$/.exec(file) ?? [];
      if (lng && area) await loadCatalogue(lng as Language, area);
    }),
  );
}

/** Switches language: loads every catalogue in use, then storage, <html lang dir> and i18next together. */
export async function applyLanguage(lng: Language) {
  await loadAreas([...neededAreas], lng);
  setDocumentLanguage(lng);
  await i18n.changeLanguage(lng);
}

export { i18n, storedLanguage };
