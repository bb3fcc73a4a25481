import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { toast } from 'sonner';
import { FakeEventSource } from './fake-event-source';

// findBy*/waitFor: CI runs these beside the API tests on two cores, where 1 s (the default) is not
// always enough for a lazy schema or page to load; a real failure still fails, 3 s later.
configure({ asyncUtilTimeout: 3_000 });

// jsdom has no pointer capture; sonner captures the pointer pressed on a toast (to swipe it away).
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

/** Tests get every catalogue at once (the app downloads them per area); Arabic first, as the app. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Record<string, { translation: Record<string, unknown> }> = {
  ar: { translation: {} },
  en: { translation: {} },
};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/(ar|en)\/([\w-]+)\.json$/.exec(file);
  if (match) resources[match[1]!]!.translation[match[2]!] = content;
}
await i18n.use(initReactI18next).init({
  resources,
  lng: 'ar',
  fallbackLng: false,
  interpolation: { escapeValue: false },
});

beforeEach(async () => {
  // jsdom has no EventSource; the signed-in shell opens the chat stream, which must not throw.
  if (!('EventSource' in globalThis)) vi.stubGlobal('EventSource', FakeEventSource);
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
  await i18n.changeLanguage('ar');
});

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in the module and shows those still open to the next test's toaster.
  toast.dismiss();
  FakeEventSource.reset();
  localStorage.clear();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
