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

/**
 * Server only: a key asked without options always gives the same text there (every catalogue is
 * loaded at start-up and never changes), and resolving it through i18next was a tenth of an uncached
 * page's render (issue 20). The browser keeps i18next's own `t`: a catalogue may arrive after a key
 * was first asked for.
 */
function remembered(t: TFunction): TFunction {
  const texts = new Map<string, string>();
  const lookup = (...args: unknown[]): unknown => {
    const [key] = args;
    if (args.length !== 1 || typeof key !== 'string') return (t as (...a: unknown[]) => unknown)(...args);
    let text = texts.get(key);
    if (text === undefined) {
      text = String((t as (k: string) => unknown)(key));
      texts.set(key, text);
    }
    return text;
  };
  return Object.assign(lookup, t) as unknown as TFunction;
}

export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const { subscribe, language, byLanguage } = bindings(i18n);
  const lng = useSyncExternalStore(subscribe, language, language);
  let translation = byLanguage.get(lng);
  if (!translation) {
    const fixed = i18n.getFixedT(lng);
    translation = { t: import.meta.env.SSR ? remembered(fixed) : fixed, i18n };
    byLanguage.set(lng, translation);
  }
  return translation;
}
