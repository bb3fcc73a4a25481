import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDeal, createUser, type TestDeal, type TestUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';
import { LISTING_DELETED_REASON } from './listing-removal';

/**
 * Security probe [security-2] item 2: deleting a listing erased its closed deal and the signed LOI.
 * A deal past `loi` now forbids the deletion; any other deal outlives the listing, readable by both
 * parties and admins, its LOI PDF too, and the other party is told.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

const terms = {
  price: 850_000,
  percentage: 100,
  exclusivityDays: 30,
  dueDiligenceDays: 14,
  conditions: 'Lease',
};
const remove = (by: TestUser, id: number) => by.client.delete(`/api/opportunities/${id}`);
const stage = (d: TestDeal, by: TestUser, to: string, reason?: string) =>
  by.client.post(`/api/deals/${d.id}/stage`, { stage: to, ...(reason ? { reason } : {}) });

async function signedBoth(d: TestDeal) {
  expect((await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(201);
  for (const by of [d.seller, d.buyer]) {
    expect(
      (await by.client.post(`/api/deals/${d.id}/loi/1/sign`, { fullName: 'Full Name Here', accept: true }))
        .statusCode,
    ).toBe(200);
  }
}

/** Every read a party relies on still answers, for the buyer, the seller and an admin. */
async function expectReadable(d: TestDeal, listingName: string) {
  for (const who of [d.buyer, d.seller, admin]) {
    const res = await who.client.get(`/api/deals/${d.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().opportunity.opportunityName).toBe(listingName);
    const pdf = await who.client.get(`/api/deals/${d.id}/loi/1.pdf?lang=en`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(listingName);
  }
  const mine = (await d.buyer.client.get('/api/deals?pageSize=50')).json().data as { id: number }[];
  expect(mine.map((x) => x.id)).toContain(d.id);
  return (await d.buyer.client.get(`/api/deals/${d.id}`)).json();
}

const bellOf = async (user: TestUser, dealId: number) =>
  ((await user.client.get('/api/notifications')).json().data as { link: string; body: string }[]).filter(
    (n) => n.link === `/deals/${dealId}`,
  );

describe('deleting the listing of a deal', () => {
  // Closing a deal takes some twenty requests: more than the default 30 s on a loaded machine.
  it('a closed deal forbids it: 409 LISTING_HAS_DEAL for the owner and admins, and the deal stays', async () => {
    const closed = await createDeal(t.app, { listing: { name: 'Closed Bakery' } });
    await signedBoth(closed);
    const items = (await closed.seller.client.get(`/api/deals/${closed.id}`)).json().checklist as {
      id: number;
    }[];
    for (const item of items) {
      await closed.seller.client.patch(`/api/deals/${closed.id}/checklist/${item.id}`, {
        status: 'not_applicable',
      });
    }
    expect((await stage(closed, closed.seller, 'closing')).statusCode).toBe(200);
    expect((await stage(closed, closed.seller, 'closed')).statusCode).toBe(200);
    expect((await stage(closed, closed.buyer, 'closed')).json().stage).toBe('closed');

    for (const by of [closed.seller, admin]) {
      const res = await by.client.delete(`/api/opportunities/${closed.opportunityId}`, {
        headers: { 'accept-language': 'en' },
      });
      expect([res.statusCode, res.json().code]).toEqual([409, 'LISTING_HAS_DEAL']);
      expect(res.json().message).toMatch(/withdraw it from view/);
    }
    const deal = await expectReadable(closed, 'Closed Bakery');
    expect(deal.stage).toBe('closed');
  }, 120_000);

  it('a deal in due diligence forbids it too', async () => {
    const diligence = await createDeal(t.app);
    await signedBoth(diligence);
    const res = await remove(diligence.seller, diligence.opportunityId);
    expect([res.statusCode, res.json().code]).toEqual([409, 'LISTING_HAS_DEAL']);
    expect((await diligence.buyer.client.get(`/api/deals/${diligence.id}`)).json().stage).toBe(
      'due_diligence',
    );
  });

  it('an open deal is cancelled, kept with its LOI, on the timeline, and the buyer is told', async () => {
    const d = await createDeal(t.app, { listing: { name: 'Open Cafe', nameAr: 'مقهى مفتوح' } });
    expect((await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(201);
    const before = (await bellOf(d.buyer, d.id)).length;
    expect((await remove(d.seller, d.opportunityId)).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/opportunities/${d.opportunityId}` })).statusCode).toBe(404);

    const deal = await expectReadable(d, 'Open Cafe');
    expect(deal).toMatchObject({ stage: 'cancelled', cancelReason: LISTING_DELETED_REASON });
    expect(deal.offer).toMatchObject({ id: null, amount: 900_000 });
    expect(deal.lois.map((l: { version: number }) => l.version)).toEqual([1]);
    const types = deal.timeline.map((e: { type: string }) => e.type);
    expect(types.slice(-2)).toEqual(['listing_deleted', 'stage_changed']);
    expect(deal.timeline.at(-1).details).toMatchObject({ from: 'loi', to: 'cancelled' });
    expect((await bellOf(d.buyer, d.id)).length).toBe(before + 1);
    // The one who deleted it is not told of their own act.
    expect((await bellOf(d.seller, d.id)).some((n) => /deleted|حُذفت/.test(JSON.stringify(n)))).toBe(false);
    // A cancelled deal of a deleted listing stays cancelled.
    expect((await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(409);
  });

  it('a cancelled deal survives an admin deleting the listing, and both parties are told', async () => {
    const d = await createDeal(t.app, { listing: { name: 'Old Shop' } });
    expect((await d.seller.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(201);
    expect((await stage(d, d.buyer, 'cancelled', 'Financing fell through')).statusCode).toBe(200);
    const before = [(await bellOf(d.seller, d.id)).length, (await bellOf(d.buyer, d.id)).length];
    expect((await remove(admin, d.opportunityId)).statusCode).toBe(204);

    const deal = await expectReadable(d, 'Old Shop');
    expect(deal).toMatchObject({ stage: 'cancelled', cancelReason: 'Financing fell through' });
    expect(deal.timeline.at(-1)).toMatchObject({ type: 'listing_deleted', actor: { id: admin.id } });
    expect([(await bellOf(d.seller, d.id)).length, (await bellOf(d.buyer, d.id)).length]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
    ]);
  });
});
