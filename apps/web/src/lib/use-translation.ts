import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

/**
 * The app's `useTranslation()`: `{ t, i18n }` for the instance of the nearest I18nextProvider (the
 * request's on the server) or the app's, re-rendering the component when the language changes.
 *
 * react-i18next's hook does far more per component and per render (merging its options, a snapshot
 * with a namespace check, a copy of the i18next instance's properties, a fixed `t` per component): on
 * a phone that was a fifth of the shell's hydration task (issue 26). Here one `{ t, i18n }` per
 * instance and language is shared by every component, so `t` stays the same object between renders
 * until the language changes. Catalogues are loaded before the components that use them render
 * (lib/i18n.ts), so there is no "ready" state.
 */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

interface Bindings {
  subscribe: (onChange: () => void) => () => void;
  language: () => string;
  byLanguage: Map<string, Translation>;
}

const bindingsOf = new WeakMap<I18n, Bindings>();

function bindings(i18n: I18n): Bindings {
  let found = bindingsOf.get(i18n);
  if (!found) {
    found = {
      subscribe: (onChange) => {
        i18n.on('languageChanged', onChange);
        return () => i18n.off('languageChanged', onChange);
      },
      language: () => i18n.language,
      byLanguage: new Map(),
    };
    bindingsOf.set(i18n, found);
  }
  return found;
}

export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const { subscribe, language, byLanguage } = bindings(i18n);
  const lng = useSyncExternalStore(subscribe, language, language);
  let translation = byLanguage.get(lng);
  if (!translation) {
    translation = { t: i18n.getFixedT(lng), i18n };
    byLanguage.set(lng, translation);
  }
  return translation;
}
