import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compoundFile, multipart, officeDocument, pdfDocument, zipArchive } from '../../test/file-fixtures';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app';
import { createFileSigner } from './signed-url';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(async () => t.close());

function upload(
  client: TestClient,
  data: Buffer,
  filename: string,
  contentType = 'application/octet-stream',
) {
  const body = multipart([{ field: 'docs', filename, contentType, data }]);
  return client.post('/api/uploads/docs', body.payload, { headers: body.headers });
}

describe('POST /api/uploads/docs', () => {
  it('stores a PDF privately and answers a signed, expiring link that downloads it as an attachment', async () => {
    const pdf = pdfDocument();
    const res = await upload(user.client, pdf, 'دراسة الجدوى.pdf', 'application/pdf');
    expect(res.statusCode).toBe(201);
    const [file] = res.json().files;
    expect(file).toMatchObject({ name: 'دراسة الجدوى.pdf', size: pdf.length, mimeType: 'application/pdf' });
    expect(file.url).toMatch(
      /^\/api\/files\/docs\/\d{4}\/[a-f0-9]{32}\.pdf\?expires=\d+&signature=[\w-]{43}$/,
    );
    expect(Date.parse(file.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60 * 1000);

    // No public copy: the static folder never holds documents.
    expect(await t.app.storage.exists('public', file.url.split('?')[0].replace('/api/files/', ''))).toBe(
      false,
    );

    const download = await t.app.inject({ method: 'GET', url: file.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_____ ______.pdf"; filename*=UTF-8''${encodeURIComponent('دراسة الجدوى.pdf')}`,
    );
  });

  it.each([
    [
      'docx',
      officeDocument('docx'),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['xlsx', officeDocument('xlsx'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [
      'pptx',
      officeDocument('pptx'),
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['doc', compoundFile(['WordDocument', '1Table']), 'application/msword'],
    ['xls', compoundFile(['Workbook']), 'application/vnd.ms-excel'],
    ['ppt', compoundFile(['PowerPoint Document', 'Current User']), 'application/vnd.ms-powerpoint'],
  ])('accepts %s by its content, naming it with the right extension', async (ext, data, mime) => {
    const res = await upload(user.client, data, 'report.bin');
    expect(res.statusCode).toBe(201);
    expect(res.json().files[0]).toMatchObject({ name: `report.${ext}`, mimeType: mime });
  });

  it.each([
    ['plain text', Buffer.from('Quarterly results: all good, trust me. '.repeat(5))],
    ['HTML', Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>')],
    [
      'a PDF header followed by HTML (polyglot)',
      Buffer.from('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF'),
    ],
    [
      'a PDF without an end-of-file marker',
      Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n' + 'x'.repeat(100)),
    ],
    ['a plain zip', zipArchive([{ name: 'notes.txt', data: 'hello there, this is a zip' }])],
    [
      'a zip with word/ but no content types',
      zipArchive([
        { name: 'word/document.xml', data: '<w:document/>' },
        { name: 'x.txt', data: 'x' },
      ]),
    ],
    [
      'a macro-enabled Word document',
      officeDocument('docx', { contentType: 'application/vnd.ms-word.document.macroEnabled.main+xml' }),
    ],
    [
      'a docx carrying a VBA project',
      officeDocument('docx', { extra: [{ name: 'word/vbaProject.bin', data: Buffer.alloc(64) }] }),
    ],
    [
      'a docx whose declared main part is missing',
      zipArchive([
        {
          name: '[Content_Types].xml',
          data: '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        },
        { name: 'word/other.xml', data: '<x/>' },
      ]),
    ],
    ['a compound file that is no Office document', compoundFile(['Something Else'])],
    ['a legacy Word file with macros', compoundFile(['WordDocument', 'Macros'])],
    ['a PNG image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['an executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
  ])('refuses %s with 415', async (_name, data) => {
    const res = await upload(user.client, data, 'file.pdf', 'application/pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a document over 10 MB with 413', async () => {
    const big = Buffer.concat([pdfDocument(), Buffer.alloc(10 * 1024 * 1024), Buffer.from('%%EOF')]);
    const res = await upload(user.client, big, 'big.pdf');
    expect(res.statusCode).toBe(413);
  });

  it('strips directories and control characters from names', async () => {
    const res = await upload(user.client, pdfDocument(), '..\\..\\evil\u202Efdp.exe');
    expect(res.statusCode).toBe(201);
    expect(res.json().files[0].name).toBe('evilfdp.pdf');
  });
});

describe('GET /api/files/{key}', () => {
  it('refuses tampered, expired or unsigned links (403) and unknown files (404)', async () => {
    const res = await upload(user.client, pdfDocument(), 'a.pdf');
    const url = new URL(res.json().files[0].url, 'http://x');
    const key = url.pathname.replace('/api/files/', '');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const get = (u: string) => t.app.inject({ method: 'GET', url: u });

    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await get(`/api/files/${key}?expires=${expires}&signature=${flipped}`)).statusCode).toBe(403);
    expect(
      (await get(`/api/files/${key}?expires=${Number(expires) + 60}&signature=${signature}`)).statusCode,
    ).toBe(403);
    const otherKey = key.replace(/[a-f0-9]{32}/, 'f'.repeat(32));
    expect((await get(`/api/files/${otherKey}?expires=${expires}&signature=${signature}`)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/files/${key}`)).statusCode).toBe(403);
    expect((await get(`/api/files/${key}?expires=${expires}&signature=short`)).statusCode).toBe(403);

    const past = createFileSigner(t.config.jwtSecret, () => Date.now() - 3 * 60 * 60 * 1000).sign(key);
    const expired = await get(past.url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('FORBIDDEN');

    const signer = createFileSigner(t.config.jwtSecret);
    expect((await get(signer.sign('docs/2026/' + 'a'.repeat(32) + '.pdf').url)).statusCode).toBe(404);
    expect((await get(signer.sign('images/2026/x.webp').url)).statusCode).toBe(404);
    expect((await get('/api/files/..%2F..%2Fetc%2Fpasswd?expires=1&signature=x')).statusCode).toBe(404);
  });
});
