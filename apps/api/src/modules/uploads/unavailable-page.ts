import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_COOKIES, type Language } from '@safqa/shared/constants';
import { CANONICAL_ID } from '@safqa/shared/validation/common';
import type { LinkRefusal } from './service';

/**
 * What a browser is shown when it opens a document link that no longer works (a bookmark, an old tab,
 * a revoked requester): a page in the visitor's language saying why, with a way back, instead of the
 * API's JSON error body. API clients keep the JSON body (API.md "Uploads and files").
 */

/** Whether the caller prefers an HTML page to JSON: a browser navigating, not an API client or `*\/*`. */
export function prefersPage(accept: string | undefined): boolean {
  if (!accept) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',').slice(0, 30)) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type === 'text/html') html = Math.max(html, q);
    else if (type === 'application/json' || type === 'application/*' || type === '*/*')
      json = Math.max(json, q);
  }
  return html > 0 && html > json;
}

const TEXT = {
  ar: {
    title: 'لم يعد هذا الرابط يفتح المستند',
    revoked: 'سحب المالك صلاحية وصولك إلى هذا المستند، فلم يعد الرابط يعمل.',
    expired: 'انتهت صلاحية هذا الرابط. افتح الإعلان من جديد لتحصل على رابط جديد إن كان لك حق الوصول.',
    unavailable: 'هذا المستند غير متاح لك الآن: ربما سُحبت صلاحية الوصول أو أُزيل المستند.',
    backListing: 'العودة إلى الإعلان',
    backDeal: 'العودة إلى الصفقة',
    backHome: 'العودة إلى الصفحة الرئيسية',
  },
  en: {
    title: 'This link no longer opens the document',
    revoked: 'The owner revoked your access to this document, so the link no longer works.',
    expired: 'This link has expired. Open the listing again for a new link if you still have access.',
    unavailable:
      'This document is not available to you now: access may have been revoked or the document removed.',
    backListing: 'Back to the listing',
    backDeal: 'Back to the deal',
    backHome: 'Back to the home page',
  },
} as const;

/** Where "back" leads: the listing or deal the link was handed out on, else the home page. */
function backLink(
  query: { o?: string; d?: string },
  text: (typeof TEXT)[Language],
): { href: string; label: string } {
  if (query.o && CANONICAL_ID.test(query.o))
    return { href: `/opportunities/${query.o}`, label: text.backListing };
  if (query.d && CANONICAL_ID.test(query.d)) return { href: `/deals/${query.d}`, label: text.backDeal };
  return { href: '/', label: text.backHome };
}

/** The web app's language: its `lang` cookie, else the browser's (request.lang, from Accept-Language). */
function languageOf(request: FastifyRequest): Language {
  const remembered = request.cookies[PAGE_COOKIES.language];
  return remembered === 'ar' || remembered === 'en' ? remembered : request.lang;
}

export function sendUnavailablePage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: 403 | 404,
  reason: LinkRefusal,
) {
  const lang = languageOf(request);
  const text = TEXT[lang];
  const back = backLink(request.query as { o?: string; d?: string }, text);
  const nonce = randomBytes(16).toString('base64');
  // Only this page's own style: no script, no other origin.
  const policy = `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  const html = `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${text.title} · ${lang === 'ar' ? 'صفقة' : 'Safqa'}</title>
<style nonce="${nonce}">
:root{color-scheme:light dark;font-family:system-ui,"Noto Sans Arabic",sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}
main{box-sizing:border-box;max-width:32rem;margin:1rem;padding:1.5rem;border:1px solid #e2e8f0;border-radius:1rem;background:#fff}
h1{margin:0 0 .75rem;font-size:1.25rem}
p{margin:0 0 1.25rem;line-height:1.7;color:#334155}
a{display:inline-block;padding:.625rem 1rem;border-radius:.75rem;background:#0f766e;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#020617;color:#f8fafc}main{background:#0f172a;border-color:#334155}p{color:#cbd5e1}a:focus-visible{outline-color:#f8fafc}}
</style>
</head>
<body>
<main>
<h1>${text.title}</h1>
<p>${text[reason]}</p>
<a href="${back.href}">${back.label}</a>
</main>
</body>
</html>
`;
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', policy)
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept, cookie, accept-language')
    .send(html);
}
