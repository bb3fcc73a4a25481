import { describe, expect, it } from 'vitest';
import { escapeHtml, renderEmail, singleLine } from './render-email';

describe('renderEmail', () => {
  it('sets Arabic language and right-to-left direction, with the Arabic texts intact', () => {
    const email = renderEmail({
      lang: 'ar',
      subject: 'تأكيد البريد الإلكتروني',
      heading: 'مرحبًا بك في صفقة',
      paragraphs: ['اضغط الزر لتأكيد بريدك.'],
      action: { label: 'تأكيد البريد', url: 'https://safqa.example/verify-email?token=abc&userId=7' },
    });
    expect(email.subject).toBe('تأكيد البريد الإلكتروني');
    expect(email.html).toMatch(/^<!DOCTYPE html>\n<html lang="ar" dir="rtl">/);
    expect(email.html).toContain('<meta charset="utf-8">');
    expect(email.html).toContain('text-align:right');
    expect(email.html).not.toContain('text-align:left');
    expect(email.html).toContain('مرحبًا بك في صفقة');
    expect(email.html).toContain('href="https://safqa.example/verify-email?token=abc&amp;userId=7"');
    expect(email.text).toContain('مرحبًا بك في صفقة\n\nاضغط الزر لتأكيد بريدك.');
    expect(email.text).toContain('تأكيد البريد:\nhttps://safqa.example/verify-email?token=abc&userId=7');
    expect(email.text).toContain('--\nصفقة: أول منصة عربية لبيع الأعمال أو الاستثمار فيها');
  });

  it('renders English left-to-right with a custom footer and no action', () => {
    const email = renderEmail({
      lang: 'en',
      subject: 'Hello',
      heading: 'Welcome',
      paragraphs: ['First line\r\nsecond line', 'Another paragraph'],
      footer: 'Sent to you by the team',
    });
    expect(email.html).toContain('<html lang="en" dir="ltr">');
    expect(email.html).toContain('text-align:left');
    expect(email.html).toContain('First line<br>second line');
    expect(email.html).not.toContain('<a ');
    expect(email.text).toBe(
      'Welcome\n\nFirst line\nsecond line\n\nAnother paragraph\n\n--\nSent to you by the team\n',
    );
  });

  it('escapes user text everywhere in the HTML but keeps it verbatim in the text part', () => {
    const hostile = `<script>alert("x")</script> & 'quotes'`;
    const email = renderEmail({
      lang: 'en',
      subject: hostile,
      heading: hostile,
      paragraphs: [hostile],
      action: { label: hostile, url: 'https://safqa.example/?q=<b>' },
      footer: hostile,
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(email.text).toContain(hostile);
  });

  it('refuses action links that are not http(s)', () => {
    expect(() =>
      renderEmail({
        lang: 'en',
        subject: 's',
        heading: 'h',
        paragraphs: [],
        action: { label: 'x', url: 'javascript:alert(1)' },
      }),
    ).toThrow(/http/);
  });

  it('keeps the subject on one line so it cannot inject headers', () => {
    const email = renderEmail({
      lang: 'en',
      subject: 'Hi\r\nBcc: victim@example.com',
      heading: 'h',
      paragraphs: [],
    });
    expect(email.subject).toBe('Hi Bcc: victim@example.com');
    expect(singleLine('  a\u2028b\tc  ')).toBe('a b c');
    expect(escapeHtml('"<&>\'')).toBe('&quot;&lt;&amp;&gt;&#39;');
  });
});
