import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDocument, pngImage, multipart } from '../test/file-fixtures';
import { seedLookups, validInput } from '../test/opportunity-fixtures';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { createS3Storage } from './s3-storage';
import { StorageFullError } from './storage';
import { createUser, type TestUser } from '../test/factories';

/**
 * The S3-compatible driver (issue 10) against the S3 API served by s3rver on a free loopback port:
 * the driver on its own, then the whole app configured with S3_* (uploads, public images, document
 * downloads through pre-signed URLs, the cleanup job) with nothing written under DATA_DIR.
 */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.close());

const driver = () =>
  createS3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

async function text(stream: AsyncIterable<Buffer | string>) {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('the S3 storage driver', () => {
  it('puts, reads, checks and removes objects, public and private apart', async () => {
    const storage = driver();
    await storage.put('private', 'docs/2026/plan.pdf', Buffer.from('%PDF-1.4 خطة العمل'));
    expect(await storage.exists('private', 'docs/2026/plan.pdf')).toBe(true);
    expect(await storage.exists('public', 'docs/2026/plan.pdf')).toBe(false);
    const object = await storage.get('private', 'docs/2026/plan.pdf');
    expect(object?.size).toBe(Buffer.byteLength('%PDF-1.4 خطة العمل'));
    expect(await text(object!.stream)).toBe('%PDF-1.4 خطة العمل');
    expect(await storage.get('private', 'docs/2026/missing.pdf')).toBeNull();
    await storage.remove('private', 'docs/2026/plan.pdf');
    await storage.remove('private', 'docs/2026/plan.pdf');
    expect(await storage.exists('private', 'docs/2026/plan.pdf')).toBe(false);
    expect(storage.publicRoot).toBeNull();
    expect(storage.publicUrl('images/2026/a.webp')).toBe('/uploads/images/2026/a.webp');
  });

  it('refuses keys that could escape their folder', async () => {
    const storage = driver();
    await expect(storage.put('public', '../private/docs/x.pdf', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(storage.get('public', 'a/../../b')).rejects.toThrow(/unsafe/);
  });

  it('hands out a pre-signed download URL that serves the file as an attachment and expires', async () => {
    const storage = driver();
    await storage.put('private', 'docs/2026/accounts.pdf', Buffer.from('%PDF-1.4 accounts'));
    const url = await storage.downloadUrl!('docs/2026/accounts.pdf', {
      mimeType: 'application/pdf',
      disposition: 'attachment; filename="accounts.pdf"',
    });
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/private/docs/2026/accounts.pdf?`)).toBe(true);
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="accounts.pdf"');
    expect(await res.text()).toBe('%PDF-1.4 accounts');
  });

  it('turns a full bucket into StorageFullError (a 507 for the uploader)', async () => {
    // s3rver has no quota: a server answering 507 stands in for a full one.
    const full = await import('node:http').then(
      ({ createServer }) =>
        new Promise<{ url: string; close(): void }>((resolve) => {
          const server = createServer((_req, res) => {
            res.writeHead(507, { 'content-type': 'application/xml' });
            res.end(
              '<?xml version="1.0"?><Error><Code>XMinioStorageFull</Code><Message>full</Message></Error>',
            );
          }).listen(0, '127.0.0.1', () => {
            const { port } = server.address() as { port: number };
            resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
          });
        }),
    );
    const onFullServer = createS3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: full.url,
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
    });
    await expect(onFullServer.put('public', 'images/2026/x.webp', Buffer.from('x'))).rejects.toBeInstanceOf(
      StorageFullError,
    );
    full.close();
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp(s3.env);
    await seedLookups(t.app);
    owner = await createUser(t.app);
    admin = await createUser(t.app, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  async function upload(field: 'images' | 'docs', data: Buffer, filename: string, contentType: string) {
    const body = multipart([{ field, filename, contentType, data }]);
    const res = await owner.client.post(`/api/uploads/${field}`, body.payload, { headers: body.headers });
    expect(res.statusCode).toBe(201);
    return res.json().files[0] as { url: string; thumbnailUrl: string };
  }

  it('stores uploads in the bucket, serves pictures at /uploads/ and documents through pre-signed URLs', async () => {
    const picture = await upload('images', await pngImage(1600, 900), 'front.png', 'image/png');
    const doc = await upload('docs', pdfDocument('accounts on S3'), 'accounts.pdf', 'application/pdf');
    const key = picture.url.replace('/uploads/', '');
    expect(await t.app.storage.exists('public', key)).toBe(true);
    expect(await t.app.storage.exists('public', key.replace('.webp', '-960.webp'))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: picture.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/images/2026/none.webp' })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fprivate%2Fdocs' })).statusCode).toBe(404);

    const created = await owner.client.post(
      '/api/opportunities',
      validInput({ images: [picture.url], documents: [{ url: doc.url, name: 'accounts.pdf' }] }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    await t.app.opportunities.changeStatus(id, admin, 'approved');
    const link = (await owner.client.get(`/api/opportunities/${id}`)).json().documents[0].url as string;
    const download = await t.app.inject({ method: 'GET', url: link });
    expect(download.statusCode).toBe(302);
    expect(download.headers['cache-control']).toBe('private, no-store');
    const presigned = String(download.headers.location);
    expect(presigned.startsWith(`${s3.endpoint}/${s3.bucket}/private/docs/`)).toBe(true);
    const file = await fetch(presigned);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect((await file.text()).startsWith('%PDF-')).toBe(true);
    // Our own link is checked before any pre-signed URL is handed out.
    const forged = await t.app.inject({
      method: 'GET',
      url: link.replace(/signature=[^&]+/, 'signature=forged'),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
  });

  it('removes unused uploads from the bucket with the daily job', async () => {
    const unused = await upload('images', await pngImage(1200, 800), 'never.png', 'image/png');
    const key = unused.url.replace('/uploads/', '');
    expect(await t.app.jobs.runDue(new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeGreaterThan(0);
    for (const k of [key, key.replace('.webp', '-thumb.webp'), key.replace('.webp', '-960.webp')]) {
      expect(await t.app.storage.exists('public', k), k).toBe(false);
    }
    expect((await t.app.inject({ method: 'GET', url: unused.url })).statusCode).toBe(404);
  });
});
