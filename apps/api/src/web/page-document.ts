import type { Language } from '@safqa/shared/constants';

/** What the web app's server entry says about a page (apps/web/src/lib/page-handle.ts `PageHead`). */
export interface PageHead {
  title: string;
  description: string;
  image?: string;
  type?: 'website' | 'article';
  jsonLd?: Record<string, unknown>[];
}

/** Written in apps/web/index.html; replaced by a per-request nonce. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The preview image of pages that have none of their own (1200x630, apps/web/public/media). */
export const SITE_IMAGE = '/media/og-default.png';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Bidirectional embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069). In a title
 * or a preview they can reverse what a reader sees (a listing named "…\u202Egnp.exe"); link previews
 * and search results do not isolate them, so they are dropped from every head tag.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function escapeHtml(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** JSON inside <script type="application/ld+json">: nothing in it can end the element or hide text. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(BIDI_CONTROLS, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface HeadInput {
  head: PageHead;
  lang: Language;
  publicUrl: string;
  /** The address that names the page (path and naming query, never `lang`): see pageAddress. */
  canonicalPath: string;
  status: number;
  /** React's hoisted elements (the page's <title>, image preloads); escaped by React. */
  headElements?: string;
}

function withLang(url: string, lang: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
}

/**
 * Title, description, canonical and language alternates, Open Graph, Twitter card and JSON-LD. Each
 * language's page names itself (API.md): the Arabic page is the address without `lang` (also
 * x-default), the English one the address with `lang=en`; og:url is the page's own canonical, so a
 * shared English link is previewed in English.
 */
export function renderHead({
  head,
  lang,
  publicUrl,
  canonicalPath,
  status,
  headElements = '',
}: HeadInput): string {
  const arabic = `${publicUrl}${canonicalPath}`;
  const english = withLang(arabic, 'en');
  const canonical = lang === 'en' ? english : arabic;
  const image = `${publicUrl}${head.image ?? SITE_IMAGE}`;
  const siteName = lang === 'ar' ? 'صفقة' : 'Safqa';
  const organisation = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'صفقة',
    alternateName: 'Safqa',
    url: `${publicUrl}/`,
    logo: `${publicUrl}/favicon.svg`,
  };
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const link = (rel: string, href: string, hreflang?: string) =>
    `<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="${escapeHtml(href)}" />`;
  return [
    headElements.includes('<title>') ? '' : `<title>${escapeHtml(head.title)}</title>`,
    headElements.replace(BIDI_CONTROLS, ''),
    meta('name', 'description', head.description),
    status === 404 ? meta('name', 'robots', 'noindex') : '',
    link('canonical', canonical),
    link('alternate', arabic, 'ar'),
    link('alternate', english, 'en'),
    link('alternate', arabic, 'x-default'),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', head.title),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', lang === 'ar' ? 'ar_SA' : 'en_US'),
    meta('property', 'og:locale:alternate', lang === 'ar' ? 'en_US' : 'ar_SA'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${jsonForScript([organisation, ...(head.jsonLd ?? [])])}</script>`,
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * The built index.html, cut once at start-up into the pieces a page is assembled from: the <html>
 * tag gets the page's language, <title> and the description give way to the page's head, the root
 * element receives the rendered markup and the data block after it.
 */
export interface PageTemplate {
  render(parts: { lang: Language; nonce: string; head: string; body?: string; state?: string }): string;
}

const HTML_TAG = /<html[^>]*>/;
const TITLE = /\s*<title>[^<]*<\/title>/;
const DESCRIPTION = /\s*<meta name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

/** Vite's `<link rel="modulepreload">` tags for the entry's imports. */
const MODULE_PRELOADS = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;
/** The app's entry script, as Vite writes it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

export function parseTemplate(indexHtml: string): PageTemplate {
  if (!HTML_TAG.test(indexHtml)) throw new Error('index.html lacks its <html> tag');
  const defaultTitle = TITLE.exec(indexHtml)?.[0].trim() ?? '';
  const withoutHead = TITLE.test(indexHtml)
    ? indexHtml.replace(DESCRIPTION, '').replace(TITLE, '\n    __HEAD__')
    : indexHtml.replace('</head>', '__HEAD__</head>');
  return {
    render({ lang, nonce, head, body, state }) {
      const root =
        body === undefined
          ? ROOT
          : `<div id="root">${body}</div><script type="application/json" id="server-state">${state ?? ''}</script>`;
      // A server-rendered page is readable before any JavaScript: its stylesheet and largest picture
      // get the phone's bandwidth first, and the app (about 140 KB) is asked for once the page has
      // painted (public/boot.js loads the entry named here). Taps made meanwhile are held and replayed.
      const template =
        body === undefined
          ? withoutHead
          : withoutHead
              .replace(MODULE_PRELOADS, '')
              .replace(ENTRY_SCRIPT, (_all, src: string) => `<meta name="app-entry" content="${src}" />`);
      return template
        .replace(HTML_TAG, `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" data-server-lang>`)
        .replace('__HEAD__', () => head || defaultTitle)
        .replace(CSP_NONCE_PLACEHOLDER, nonce)
        .replace(ROOT, () => root);
    },
  };
}
