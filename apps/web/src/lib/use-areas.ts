import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from './use-translation';
import type { Language } from '@safqa/shared/constants';
import { loadAreas } from './i18n';

/**
 * For components that other pages embed (the offer form, the start-chat button): makes sure the
 * catalogues of their areas are loaded whatever the host page asked for, and tells when they are.
 * Only the component that asked re-renders when they arrive (translated components do not follow
 * the catalogue store, lib/i18n.ts).
 */
export function useAreas(areas: readonly string[]): boolean {
  const { i18n } = useTranslation();
  const lng = (i18n.language || 'ar') as Language;
  const key = areas.join(',');
  const isReady = useCallback(
    () => key.split(',').every((area) => i18n.getResource(lng, 'translation', area) !== undefined),
    [i18n, lng, key],
  );
  const { store } = i18n;
  const subscribe = useCallback(
    (onChange: () => void) => {
      store.on('added', onChange);
      return () => store.off('added', onChange);
    },
    [store],
  );
  const ready = useSyncExternalStore(subscribe, isReady, isReady);
  useEffect(() => {
    if (!ready) void loadAreas(key.split(','), lng).catch((error: unknown) => console.error(error));
  }, [ready, key, lng]);
  return ready;
}
