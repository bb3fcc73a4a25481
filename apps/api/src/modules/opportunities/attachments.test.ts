import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pdfDocument, pngImage } from '../../test/file-fixtures';
import { seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

async function uploadImage(user: TestUser, width = 40) {
  const body = multipart([
    { field: 'images', filename: 'p.png', contentType: 'image/png', data: await pngImage(width, 30) },
  ]);
  const res = await user.client.post('/api/uploads/images', body.payload, { headers: body.headers });
  expect(res.statusCode).toBe(201);
  return res.json().files[0] as { url: string; thumbnailUrl: string };
}

async function uploadPdf(user: TestUser, name = 'financials.pdf') {
  const body = multipart([
    { field: 'docs', filename: name, contentType: 'application/pdf', data: pdfDocument(name) },
  ]);
  const res = await user.client.post('/api/uploads/docs', body.payload, { headers: body.headers });
  expect(res.statusCode).toBe(201);
  return res.json().files[0] as { url: string; name: string };
}

describe('images, logo and documents of a listing', () => {
  it('gives each large picture a thumbnail and a 960 px rendition with their true widths, for srcset', async () => {
    const body = multipart([
      { field: 'images', filename: 'wide.png', contentType: 'image/png', data: await pngImage(2400, 1600) },
    ]);
    const uploaded = await owner.client.post('/api/uploads/images', body.payload, { headers: body.headers });
    expect(uploaded.statusCode).toBe(201);
    const picture = uploaded.json().files[0] as { url: string; thumbnailUrl: string; width: number };
    expect(picture.width).toBe(2000);
    const id = (await owner.client.post('/api/opportunities', validInput({ images: [picture.url] }))).json()
      .id;
    await t.app.opportunities.changeStatus(id, admin, 'approved');

    const [gallery] = (await other.client.get(`/api/opportunities/${id}`)).json().gallery;
    expect(gallery).toMatchObject({ url: picture.url, width: 2000, height: 1333 });
    expect(gallery.variants.map((v: { width: number }) => v.width)).toEqual([480, 960]);
    expect(gallery.variants[0].url).toBe(picture.thumbnailUrl);
    for (const variant of gallery.variants as { url: string; width: number }[]) {
      const served = await t.app.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
    }
  });

  it('stores the caller’s uploads and serves documents to signed-in callers through fresh signed links', async () => {
    const first = await uploadImage(owner, 40);
    const second = await uploadImage(owner, 50);
    const logo = await uploadImage(owner, 20);
    const pdf = await uploadPdf(owner);
    const created = await owner.client.post(
      '/api/opportunities',
      validInput({
        images: [first.url, second.url],
        logo: logo.url,
        documents: [{ url: pdf.url, name: 'القوائم المالية 2025.pdf' }],
      }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    await t.app.opportunities.changeStatus(id, admin, 'approved');

    const detail = (await other.client.get(`/api/opportunities/${id}`)).json();
    expect(detail.images).toEqual([first.url, second.url]);
    expect(detail.coverImage).toBe(first.thumbnailUrl);
    expect(detail.logo).toBe(logo.url);
    expect(detail.gallery[1]).toEqual({
      url: second.url,
      thumbnailUrl: second.thumbnailUrl,
      width: 50,
      height: 30,
      // Small pictures get no medium rendition: the thumbnail is the only smaller one.
      variants: [{ url: second.thumbnailUrl, width: 50 }],
    });
    expect(detail.documents).toHaveLength(1);
    expect(detail.documents[0]).toMatchObject({
      name: 'القوائم المالية 2025.pdf',
      mimeType: 'application/pdf',
    });
    const download = await t.app.inject({ method: 'GET', url: detail.documents[0].url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdfDocument('financials.pdf'))).toBe(true);

    const card = (await new TestClient(t.app).get('/api/opportunities?pageSize=50'))
      .json()
      .data.find((c: { id: number }) => c.id === id);
    expect(card).toMatchObject({ coverImage: first.thumbnailUrl, logo: logo.url });
    const anonymous = (await new TestClient(t.app).get(`/api/opportunities/${id}`)).json();
    expect(anonymous).not.toHaveProperty('documents');
    expect(anonymous.images).toEqual([first.url, second.url]);

    // The owner edits with what the detail gave back: kept files stay, a new one joins.
    const mine = (await owner.client.get(`/api/opportunities/${id}`)).json();
    const third = await uploadImage(owner, 60);
    const edited = await owner.client.put(
      `/api/opportunities/${id}`,
      validInput({
        images: [...mine.images.slice(1), third.url],
        logo: mine.logo,
        documents: mine.documents.map((d: { url: string; name: string }) => ({ url: d.url, name: d.name })),
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().images).toEqual([second.url, third.url]);
    expect(edited.json().documents[0].name).toBe('القوائم المالية 2025.pdf');
  });

  it('refuses images, logos and documents uploaded by someone else', async () => {
    const image = await uploadImage(owner);
    const pdf = await uploadPdf(owner);
    const res = await other.client.post(
      '/api/opportunities',
      validInput({ images: [image.url], documents: [{ url: pdf.url, name: 'stolen.pdf' }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'images.0': 'الملف غير موجود أو لم ترفعه أنت' });
    const docs = await other.client.post(
      '/api/opportunities',
      validInput({ documents: [{ url: pdf.url, name: 'stolen.pdf' }] }),
      { headers: { 'accept-language': 'en' } },
    );
    expect(docs.json().fields).toEqual({
      'documents.0.url': 'The file does not exist or was not uploaded by you',
    });
    const logo = await other.client.post('/api/opportunities', validInput({ logo: image.url }));
    expect(Object.keys(logo.json().fields)).toEqual(['logo']);
    const thumbnail = await owner.client.post(
      '/api/opportunities',
      validInput({ images: [image.thumbnailUrl] }),
    );
    expect(thumbnail.statusCode).toBe(400);
  });
});
