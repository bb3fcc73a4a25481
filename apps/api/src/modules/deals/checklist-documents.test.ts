import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealChecklistItems } from '../../db/schema/deals';
import { uploads } from '../../db/schema/uploads';
import { multipart, pdfDocument } from '../../test/file-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createDeal, createListing, createUser, type TestDeal, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

/** A document uploaded by `user` (POST /api/uploads/docs): its upload id and its own signed url. */
async function uploadDoc(user: TestUser, name = 'lease.pdf') {
  const body = multipart([
    { field: 'docs', filename: name, contentType: 'application/pdf', data: pdfDocument(name) },
  ]);
  const res = await user.client.post('/api/uploads/docs', body.payload, { headers: body.headers });
  expect(res.statusCode).toBe(201);
  const url = res.json().files[0].url as string;
  const key = url.split('?')[0]!.replace('/api/files/', '');
  const [row] = await t.app.db.select().from(uploads).where(eq(uploads.key, key));
  return { id: row!.id, url };
}

async function firstItem(d: TestDeal) {
  return (await d.seller.client.get(`/api/deals/${d.id}`)).json().checklist[0] as {
    id: number;
    documents: Array<{ id: number; url: string }>;
  };
}

const attach = (d: TestDeal, by: TestUser, itemId: number, documentIds: number[]) =>
  by.client.patch(
    `/api/deals/${d.id}/checklist/${itemId}`,
    { status: 'done', documentIds },
    { headers: { 'accept-language': 'en' } },
  );

async function documentsOf(itemId: number) {
  const [row] = await t.app.db.select().from(dealChecklistItems).where(eq(dealChecklistItems.id, itemId));
  return row!.documents.map((doc) => doc.uploadId);
}

describe('checklist documents: only the caller’s own uploads meant for the deal', () => {
  it('the buyer cannot attach the seller’s private upload or a pending listing’s document', async () => {
    const d = await createDeal(t.app);
    const item = await firstItem(d);
    // Never attached anywhere: the seller's alone.
    const sellerPrivate = await uploadDoc(d.seller, 'private.pdf');
    // A document of the seller's listing still awaiting review, which the buyer cannot see.
    const pendingDoc = await uploadDoc(d.seller, 'pending.pdf');
    await createListing(t.app, d.seller, { documents: [{ url: pendingDoc.url, name: 'pending.pdf' }] });

    for (const stolen of [sellerPrivate.id, pendingDoc.id]) {
      const res = await attach(d, d.buyer, item.id, [stolen]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { 'documentIds.0': 'The file does not exist or was not uploaded by you' },
      });
    }
    expect(await documentsOf(item.id)).toEqual([]);
    // The buyer got no link to either file.
    const seen = (await d.buyer.client.get(`/api/deals/${d.id}`)).json();
    expect(JSON.stringify(seen)).not.toContain('private.pdf');
    expect(JSON.stringify(seen)).not.toContain('pending.pdf');
  });

  it('an own upload that a listing or another deal holds is refused; a fresh one is attached', async () => {
    const d = await createDeal(t.app);
    const item = await firstItem(d);
    const listed = await uploadDoc(d.seller, 'listed.pdf');
    await createListing(t.app, d.seller, {
      status: 'approved',
      documents: [{ url: listed.url, name: 'listed.pdf', confidential: true }],
    });
    const held = await attach(d, d.seller, item.id, [listed.id]);
    expect(held.statusCode).toBe(400);
    expect(held.json().fields).toEqual({
      'documentIds.0':
        'This file is already attached to a listing or another deal; upload it again for this deal',
    });

    const another = await createDeal(t.app, { buyer: d.buyer });
    const onAnother = await uploadDoc(d.buyer, 'other-deal.pdf');
    expect((await attach(another, d.buyer, (await firstItem(another)).id, [onAnother.id])).statusCode).toBe(
      200,
    );
    const fresh = await uploadDoc(d.buyer, 'fresh.pdf');
    const reused = await attach(d, d.buyer, item.id, [fresh.id, onAnother.id]);
    expect(reused.statusCode).toBe(400);
    expect(Object.keys(reused.json().fields)).toEqual(['documentIds.1']);
    expect(await documentsOf(item.id)).toEqual([]);

    const ok = await attach(d, d.buyer, item.id, [fresh.id]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().documents).toMatchObject([{ id: fresh.id, name: 'fresh.pdf' }]);
  });

  it('documents already on the item stay whoever attached them; the other party adds only their own', async () => {
    const d = await createDeal(t.app);
    const item = await firstItem(d);
    const buyerDoc = await uploadDoc(d.buyer, 'buyer.pdf');
    expect((await attach(d, d.buyer, item.id, [buyerDoc.id])).statusCode).toBe(200);
    const sellerDoc = await uploadDoc(d.seller, 'seller.pdf');
    // The web form sends the item's documents again with the new one.
    const both = await attach(d, d.seller, item.id, [buyerDoc.id, sellerDoc.id]);
    expect(both.statusCode).toBe(200);
    expect(await documentsOf(item.id)).toEqual([buyerDoc.id, sellerDoc.id]);
    // The buyer may not move the seller's document onto another item.
    const second = (await d.seller.client.get(`/api/deals/${d.id}`)).json().checklist[1];
    expect((await attach(d, d.buyer, second.id, [sellerDoc.id])).statusCode).toBe(400);
  });
});

describe('checklist document links', () => {
  it('name the deal and the viewer, and work only while the deal holds the document', async () => {
    const d = await createDeal(t.app);
    const item = await firstItem(d);
    const doc = await uploadDoc(d.buyer, 'bank-letter.pdf');
    expect((await attach(d, d.buyer, item.id, [doc.id])).statusCode).toBe(200);

    const sellerUrl = (await firstItem(d)).documents[0]!.url;
    expect(sellerUrl).toContain(`&d=${d.id}&u=${d.seller.id}&`);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get(sellerUrl)).statusCode).toBe(200);
    const adminView = (await admin.client.get(`/api/deals/${d.id}`)).json().checklist[0];
    expect(adminView.documents[0].url).toContain(`&d=${d.id}&u=${admin.id}&`);
    expect((await anonymous.get(adminView.documents[0].url)).statusCode).toBe(200);

    // Moved to another deal or user, or stripped of its scope: the signature no longer matches.
    const other = await createDeal(t.app);
    const stranger = await createUser(t.app);
    for (const forged of [
      sellerUrl.replace(`&d=${d.id}&`, `&d=${other.id}&`),
      sellerUrl.replace(`&u=${d.seller.id}&`, `&u=${stranger.id}&`),
      sellerUrl.replace(`&d=${d.id}&u=${d.seller.id}`, ''),
      sellerUrl.replace(`&d=${d.id}&`, `&o=${d.opportunityId}&`),
    ]) {
      expect((await anonymous.get(forged)).statusCode, forged).toBe(403);
    }

    // Taken off the item: the links handed out before stop working.
    const removed = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${item.id}`, {
      status: 'open',
      documentIds: [],
    });
    expect(removed.statusCode).toBe(200);
    expect((await anonymous.get(sellerUrl)).statusCode).toBe(403);
    expect((await anonymous.get(adminView.documents[0].url)).statusCode).toBe(403);
  });
});
