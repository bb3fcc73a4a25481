import { describe, expect, it } from 'vitest';
import {
  attachmentDisposition,
  createFileSigner,
  documentKeyFromUrl,
  imageKeyFromUrl,
  safeFileName,
} from './signed-url';

describe('signed file links', () => {
  it('verifies its own links, expires them, and refuses other secrets', () => {
    let now = 1_700_000_000_000;
    const signer = createFileSigner('a'.repeat(48), () => now);
    const { url, expiresAt } = signer.sign('docs/2026/abc.pdf', 3600);
    const params = new URL(url, 'http://x').searchParams;
    const expires = Number(params.get('expires'));
    expect(Date.parse(expiresAt)).toBe(expires * 1000);
    expect(expires * 1000 - now).toBeGreaterThanOrEqual(3600 * 1000);
    expect(signer.verify('docs/2026/abc.pdf', expires, params.get('signature')!)).toBe('ok');
    expect(signer.verify('docs/2026/abd.pdf', expires, params.get('signature')!)).toBe('invalid');
    const other = createFileSigner('b'.repeat(48), () => now);
    expect(other.verify('docs/2026/abc.pdf', expires, params.get('signature')!)).toBe('invalid');
    now = expires * 1000;
    expect(signer.verify('docs/2026/abc.pdf', expires, params.get('signature')!)).toBe('expired');
  });

  it('reads keys from absolute, relative or bare links and nothing else', () => {
    expect(documentKeyFromUrl('https://safqa.sa/api/files/docs/2026/a.pdf?expires=1&signature=x')).toBe(
      'docs/2026/a.pdf',
    );
    expect(documentKeyFromUrl('/api/files/docs/2026/a.pdf?expires=1')).toBe('docs/2026/a.pdf');
    expect(documentKeyFromUrl('docs/2026/a.pdf')).toBe('docs/2026/a.pdf');
    expect(documentKeyFromUrl('/api/files/docs/../../etc/passwd')).toBeNull();
    expect(documentKeyFromUrl('/api/files/images/2026/a.webp')).toBeNull();
    expect(imageKeyFromUrl('/uploads/images/2026/a.webp')).toBe('images/2026/a.webp');
    expect(imageKeyFromUrl('http://localhost:3000/uploads/images/2026/a.webp')).toBe('images/2026/a.webp');
    expect(imageKeyFromUrl('/uploads/docs/2026/a.pdf')).toBeNull();
    expect(imageKeyFromUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('download names', () => {
  it('keeps a readable name with the detected extension and nothing dangerous', () => {
    expect(safeFileName('C:\\Users\\me\\خطة العمل.docx', 'pdf')).toBe('خطة العمل.pdf');
    expect(safeFileName('invoice\u202Egpj.exe', 'pdf')).toBe('invoicegpj.pdf');
    expect(safeFileName('', 'xlsx')).toBe('document.xlsx');
    expect(safeFileName('a\r\nSet-Cookie: x.pdf', 'pdf')).toBe('aSet-Cookie: x.pdf');
  });

  it('encodes Content-Disposition per RFC 6266 and RFC 5987', () => {
    expect(attachmentDisposition(`it's "(final)"; v2*.pdf`)).toBe(
      `attachment; filename="it's _(final)__ v2*.pdf"; filename*=UTF-8''it%27s%20%22%28final%29%22%3B%20v2%2A.pdf`,
    );
    expect(attachmentDisposition('تقرير.pdf')).toBe(
      `attachment; filename="_____.pdf"; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1.pdf`,
    );
  });
});
