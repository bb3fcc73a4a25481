/** sitemaps.org XML (issue 9, API.md "Pages, previews and crawlers"), built as text: no dependency. */

/** The protocol's limit of URLs per sitemap file; past it a sitemap index names the files. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages every sitemap lists first, besides the listings. */
export const PUBLIC_PAGES = ['/', '/search', '/faq', '/contact'] as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

function withLang(url: string, lang: 'en') {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
}

/**
 * One <url> with its Arabic, English and default alternates (Google's hreflang in sitemaps), the
 * same the pages name (API.md): Arabic and x-default are the address without `lang`, English `lang=en`.
 */
function urlElement(publicUrl: string, entry: SitemapEntry): string {
  const loc = escapeXml(`${publicUrl}${entry.path}`);
  const english = escapeXml(withLang(`${publicUrl}${entry.path}`, 'en'));
  const alternates = `<xhtml:link rel="alternate" hreflang="ar" href="${loc}"/><xhtml:link rel="alternate" hreflang="en" href="${english}"/>`;
  const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
  return `<url><loc>${loc}</loc>${lastmod}${alternates}<xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/></url>`;
}

export function urlset(publicUrl: string, entries: SitemapEntry[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map((entry) => urlElement(publicUrl, entry)),
    '</urlset>',
    '',
  ].join('\n');
}

export function sitemapIndex(publicUrl: string, files: number): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /profile',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
