import type { Language } from '@safqa/shared/constants';

/** What a caller says; renderEmail turns it into the subject, a plain-text part and an HTML part. */
export interface EmailContent {
  lang: Language;
  subject: string;
  heading: string;
  /** Plain text, never HTML: escaped, and line breaks kept. */
  paragraphs: string[];
  /** A button (HTML) and a bare link (text); only http(s) URLs. */
  action?: { label: string; url: string };
  /** Listing cards after the paragraphs: a linked title and a few plain lines each. */
  cards?: EmailCard[];
  /** Defaults to the product tagline in `lang`. */
  footer?: string;
  /** A link under the footer that stops this kind of email. */
  unsubscribe?: { label: string; url: string };
}

export interface EmailCard {
  title: string;
  url: string;
  lines: string[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const BRAND: Record<Language, string> = { ar: 'صفقة', en: 'Safqa' };
const TAGLINE: Record<Language, string> = {
  ar: 'صفقة: أول منصة عربية لبيع الأعمال أو الاستثمار فيها',
  en: 'Safqa: the first Arabic platform to sell a business or invest in business',
};
const FONT = "Tahoma, 'Segoe UI', Arial, sans-serif";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** A header line must be one line: control characters (CR/LF included) become spaces. */
export function singleLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

function normaliseNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`email action URLs must be http(s), got ${parsed.protocol}`);
  }
  return parsed.toString();
}

function paragraphHtml(text: string, align: string): string {
  const body = escapeHtml(normaliseNewlines(text)).replace(/\n/g, '<br>');
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.7;color:#1f2937;text-align:${align};">${body}</p>`;
}

/**
 * One layout for every email: the page language and direction are set (right-to-left for Arabic),
 * styles are inline (mail clients drop <style>), and every piece of caller text is escaped.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const { lang } = content;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  const subject = singleLine(content.subject);
  const footer = content.footer ?? TAGLINE[lang];
  const action = content.action ? { label: content.action.label, url: safeUrl(content.action.url) } : null;

  const actionHtml = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td style="border-radius:6px;background:#0f766e;">` +
      `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#6b7280;text-align:${align};word-break:break-all;" dir="ltr">${escapeHtml(action.url)}</p>`
    : '';

  const cards = (content.cards ?? []).map((card) => ({ ...card, url: safeUrl(card.url) }));
  const cardsHtml = cards
    .map(
      (card) =>
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px;border:1px solid #e5e7eb;border-radius:6px;"><tr><td style="padding:14px 16px;text-align:${align};">` +
        `<a href="${escapeHtml(card.url)}" style="font-size:17px;font-weight:bold;color:#0f766e;text-decoration:none;">${escapeHtml(card.title)}</a>` +
        card.lines
          .map(
            (line) =>
              `<div style="margin-top:4px;font-size:14px;line-height:1.6;color:#374151;">${escapeHtml(line)}</div>`,
          )
          .join('') +
        `</td></tr></table>`,
    )
    .join('\n');
  const unsubscribe = content.unsubscribe
    ? { label: content.unsubscribe.label, url: safeUrl(content.unsubscribe.url) }
    : null;
  const unsubscribeHtml = unsubscribe
    ? `<br><a href="${escapeHtml(unsubscribe.url)}" style="color:#6b7280;">${escapeHtml(unsubscribe.label)}</a>`
    : '';

  const html = [
    '<!DOCTYPE html>',
    `<html lang="${lang}" dir="${dir}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    `<body dir="${dir}" style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" dir="${dir}" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;">`,
    `<tr><td style="padding:20px 32px;border-bottom:1px solid #e5e7eb;font-size:22px;font-weight:bold;color:#0f766e;text-align:${align};">${escapeHtml(BRAND[lang])}</td></tr>`,
    `<tr><td style="padding:32px;text-align:${align};">`,
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.4;color:#111827;text-align:${align};">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => paragraphHtml(p, align)),
    cardsHtml,
    actionHtml,
    '</td></tr>',
    `<tr><td style="padding:16px 32px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.6;color:#6b7280;text-align:${align};">${escapeHtml(footer)}${unsubscribeHtml}</td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
  ].join('\n');

  const textParts = [
    content.heading,
    ...content.paragraphs.map(normaliseNewlines),
    ...cards.map((card) => [card.title, ...card.lines, card.url].join('\n')),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    `--\n${footer}`,
    ...(unsubscribe ? [`${unsubscribe.label}:\n${unsubscribe.url}`] : []),
  ];
  return { subject, text: `${textParts.join('\n\n')}\n`, html };
}
