import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from './fixtures';

const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/src/locales');
const cache = new Map<string, unknown>();

/**
 * A UI text from apps/web/src/locales/<language>/<area>.json, addressed like the app does
 * (`text('ar', 'contact.submit')`), so that tests find elements by the words users see.
 */
export function text(language: Language, key: string): string {
  const [area, ...rest] = key.split('.');
  const file = path.join(LOCALES, language, `${area}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
  let value: unknown = cache.get(file);
  for (const part of rest) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no text ${key} in locales/${language}/${area}.json`);
  return value;
}
