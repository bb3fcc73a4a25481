import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@safqa/shared/constants';
import { loadAreas } from './i18n';

/**
 * For components that other pages embed (the offer form, the start-chat button): makes sure the
 * catalogues of their areas are loaded whatever the host page asked for, and tells when they are.
 */
export function useAreas(areas: readonly string[]): boolean {
  const { i18n } = useTranslation();
  const lng = (i18n.language || 'ar') as Language;
  const ready = areas.every((area) => i18n.getResource(lng, 'translation', area) !== undefined);
  const key = areas.join(',');
  useEffect(() => {
    if (!ready) void loadAreas(key.split(','), lng).catch((error: unknown) => console.error(error));
  }, [ready, key, lng]);
  return ready;
}
