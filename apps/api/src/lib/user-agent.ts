import type { Language } from '@safqa/shared/constants';

/**
 * A short, human name for the device behind a User-Agent header ("Chrome on Android"), for the
 * devices list. Only the families people recognise are told apart; order matters, because most
 * browsers also claim to be the ones they were built on (Edge and Opera say "Chrome", Chrome says
 * "Safari").
 */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const WORDS: Record<Language, { on: string; unknown: string; browser: string }> = {
  ar: { on: 'على', unknown: 'جهاز غير معروف', browser: 'متصفح' },
  en: { on: 'on', unknown: 'Unknown device', browser: 'Browser' },
};

function first(list: Array<[RegExp, string]>, userAgent: string): string | undefined {
  return list.find(([pattern]) => pattern.test(userAgent))?.[1];
}

export function describeDevice(userAgent: string | null | undefined, lang: Language): string {
  const words = WORDS[lang];
  if (!userAgent) return words.unknown;
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  if (!browser && !system) return words.unknown;
  if (!system) return browser ?? words.unknown;
  return `${browser ?? words.browser} ${words.on} ${system}`;
}
