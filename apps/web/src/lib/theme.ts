import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@safqa/shared/constants';

/**
 * Theme (SPEC.md section 1, API.md "Browser storage keys"): localStorage `theme` is `light` or `dark`;
 * absent means the system preference, followed live. public/boot.js applies it before first paint.
 */

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export function effectiveTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

function paint(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

function notify() {
  paint(effectiveTheme());
  for (const listener of listeners) listener();
}

/** Stores an explicit choice and applies it. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    /* storage blocked: applies to this page only */
  }
  paint(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => {
    if (!storedTheme()) notify();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme || event.key === null) notify();
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The theme in effect, following the system while the user has not chosen. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, effectiveTheme, () => 'light');
}
