import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif, multipart, pngImage, webpImage } from '../../test/file-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.app);
});
afterAll(async () => t.close());

function upload(client: TestClient, data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') {
  const body = multipart([{ field: 'images', filename, contentType, data }]);
  return client.post('/api/uploads/images', body.payload, { headers: body.headers });
}

function publicFile(url: string) {
  return readFile(path.join(t.app.storage.publicRoot!, url.replace(/^\/uploads\//, '')));
}

/** A PNG whose header claims `width` x `height` pixels but holds almost no data (a decompression bomb). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/uploads/images', () => {
  it('re-encodes a JPEG to WebP: capped at 2000 px, metadata stripped, with a thumbnail', async () => {
    const original = await jpegWithExif(3000, 1000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(user.client, original);
    expect(res.statusCode).toBe(201);
    const [file] = res.json().files;
    expect(file).toMatchObject({ width: 2000, height: 667, mimeType: 'image/webp' });
    expect(file.url).toMatch(/^\/uploads\/images\/\d{4}\/[a-f0-9]{32}\.webp$/);
    const stored = await publicFile(file.url);
    expect(stored.length).toBe(file.size);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2000, height: 667 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('SecretCam')).toBe(false);
    const thumb = await sharp(await publicFile(file.thumbnailUrl)).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 480, height: 160 });
  });

  it('is served publicly at its url, while documents never are', async () => {
    const res = await upload(user.client, await pngImage(32, 32), 'x.png', 'image/png');
    const { url, thumbnailUrl } = res.json().files[0];
    for (const path of [url, thumbnailUrl]) {
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    await t.app.storage.put('private', 'docs/2026/secret.pdf', Buffer.from('%PDF-1.4 secret'));
    expect((await t.app.inject({ method: 'GET', url: '/uploads/docs/2026/secret.pdf' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/../private/docs/2026/secret.pdf' })).statusCode,
    ).toBe(404);
  });

  it('accepts PNG and WebP whatever the file is called', async () => {
    const png = await upload(user.client, await pngImage(64, 48), 'logo.gif', 'application/octet-stream');
    expect(png.statusCode).toBe(201);
    expect(png.json().files[0]).toMatchObject({ width: 64, height: 48 });
    expect((await upload(user.client, await webpImage(), 'x.webp', 'image/webp')).statusCode).toBe(201);
  });

  it.each([
    ['text under an image name', Buffer.from('just some text, not a picture at all'), 'photo.jpg'],
    [
      'SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
    ],
    ['HTML', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'a.png'],
    [
      'a PNG signature followed by HTML (polyglot)',
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]),
      'a.png',
    ],
    ['a GIF/JavaScript polyglot', Buffer.from('GIF89a/*\x00\x00*/=1;alert(1)//'), 'a.gif'],
    ['a PDF', Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.jpg'],
  ])('refuses %s with 415', async (_name, data, filename) => {
    const res = await upload(user.client, data, filename);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a truncated JPEG with 415', async () => {
    const jpeg = await jpegWithExif(400, 300);
    const res = await upload(user.client, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(user.client, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a decompression bomb (huge dimensions, tiny file) with 413', async () => {
    const bomb = pngClaiming(60_000, 60_000);
    expect(bomb.length).toBeLessThan(2000);
    const res = await upload(user.client, bomb, 'bomb.png', 'image/png');
    expect(res.statusCode).toBe(413);
  });

  it('requires a signed-in caller, one file, in field "images", as multipart', async () => {
    const png = await pngImage();
    expect((await upload(new TestClient(t.app), png)).statusCode).toBe(401);

    const wrongField = multipart([{ field: 'file', filename: 'a.png', contentType: 'image/png', data: png }]);
    const res = await user.client.post('/api/uploads/images', wrongField.payload, {
      headers: { ...wrongField.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ images: 'Choose a file' });

    const two = multipart([
      { field: 'images', filename: 'a.png', contentType: 'image/png', data: png },
      { field: 'images', filename: 'b.png', contentType: 'image/png', data: png },
    ]);
    const twoRes = await user.client.post('/api/uploads/images', two.payload, { headers: two.headers });
    expect(twoRes.statusCode).toBe(400);
    expect(twoRes.json().code).toBe('VALIDATION_FAILED');

    const none = multipart([], { note: 'no file here' });
    expect(
      (await user.client.post('/api/uploads/images', none.payload, { headers: none.headers })).statusCode,
    ).toBe(400);

    const json = await user.client.post('/api/uploads/images', { images: 'x' });
    expect(json.statusCode).toBe(415);
  });
});
