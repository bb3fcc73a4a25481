import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail';
import { uploads } from '../../db/schema/uploads';
import { multipart, pdfDocument } from '../../test/file-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDeal, createUser, type TestUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

const terms = {
  price: 1_250_000,
  percentage: 40,
  exclusivityDays: 45,
  dueDiligenceDays: 30,
  conditions: 'Transfer of the lease to the buyer',
};

describe('GET /api/deals/{id}/loi/{version}.pdf', () => {
  it('reads back the terms in Arabic and English and both signatures, in both layouts; the emailed copy is the same letter', async () => {
    const d = await createDeal(t.app, { listing: { nameAr: 'مطعم الكورنيش', name: 'Corniche Restaurant' } });
    await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms);
    await d.seller.client.post(`/api/deals/${d.id}/loi/1/sign`, { fullName: 'محمد العتيبي', accept: true });
    await d.buyer.client.post(`/api/deals/${d.id}/loi/1/sign`, { fullName: 'Khalid Saad', accept: true });

    for (const lang of ['ar', 'en'] as const) {
      const res = await d.seller.client.get(`/api/deals/${d.id}/loi/1.pdf?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      const text = await pdfText(res.rawPayload);
      for (const expected of [
        'خطاب نوايا',
        'Letter of intent',
        'مطعم الكورنيش',
        'Corniche Restaurant',
        'SAR 1,250,000',
        '40%',
        '45 days',
        '30 days',
        'السعر',
        'الحصة',
        'Transfer of the lease to the buyer',
        'توقيع البائع',
        'Buyer signature',
        'محمد العتيبي',
        'Khalid Saad',
        '(UTC+3)',
      ]) {
        expect(text, `${lang}: ${expected}`).toContain(expected);
      }
    }
    expect((await admin.client.get(`/api/deals/${d.id}/loi/1.pdf`)).statusCode).toBe(200);
    expect((await d.seller.client.get(`/api/deals/${d.id}/loi/2.pdf`)).statusCode).toBe(404);
    expect((await d.seller.client.get(`/api/deals/${d.id}/loi/1.pdf?lang=fr`)).statusCode).toBe(400);

    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, d.buyer.email.toLowerCase()));
    const sent = (
      await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, d.buyer.email.toLowerCase()))
    )
      .map((m) => m.attachments)
      .find((a) => a?.length);
    expect(mail).toBeDefined();
    expect(sent![0]!.filename).toBe(`loi-${d.id}-1.pdf`);
    const attached = await pdfText(Buffer.from(sent![0]!.content, 'base64'));
    expect(attached).toContain('Khalid Saad');
    expect(attached).toContain('محمد العتيبي');
  });
});

describe('checklist documents', () => {
  async function uploadDoc(user: TestUser) {
    const body = multipart([
      { field: 'docs', filename: 'lease.pdf', contentType: 'application/pdf', data: pdfDocument('Lease') },
    ]);
    const res = await user.client.post('/api/uploads/docs', body.payload, { headers: body.headers });
    expect(res.statusCode).toBe(201);
    const key = (res.json().files[0].url as string).split('?')[0]!.replace('/api/files/', '');
    const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
    return row!.id;
  }

  it('attaches either party’s uploads (a signed link for each), never a stranger’s', async () => {
    const d = await createDeal(t.app);
    const stranger = await createUser(t.app);
    const buyerDoc = await uploadDoc(d.buyer);
    const strangerDoc = await uploadDoc(stranger);
    const item = (await d.seller.client.get(`/api/deals/${d.id}`)).json().checklist[2];
    const res = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${item.id}`, {
      status: 'done',
      documentIds: [buyerDoc],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().documents).toHaveLength(1);
    expect(res.json().documents[0]).toMatchObject({ id: buyerDoc, name: 'lease.pdf' });
    const file = await d.seller.client.get(res.json().documents[0].url);
    expect(file.statusCode).toBe(200);
    const refused = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${item.id}`, {
      status: 'done',
      documentIds: [buyerDoc, strangerDoc],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('documentIds.1');
    const kept = (await d.buyer.client.get(`/api/deals/${d.id}`)).json().checklist[2];
    expect(kept.documents.map((x: { id: number }) => x.id)).toEqual([buyerDoc]);
  });
});
