import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealEvents, deals } from '../../db/schema/deals';
import { offers } from '../../db/schema/offers';
import { rowCounts } from '../../test/row-counts';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { mailsTo } from '../../test/users';
import {
  createDeal,
  createListing,
  createOffer,
  createUser,
  type TestDeal,
  type TestUser,
} from '../../test/factories';

let t: TestApp;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  stranger = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

const terms = {
  price: 850_000,
  percentage: 100,
  exclusivityDays: 30,
  dueDiligenceDays: 14,
  conditions: 'Lease transfer',
};

async function propose(d: TestDeal, by: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await by.client.post(`/api/deals/${d.id}/loi`, { ...terms, ...overrides });
  expect(res.statusCode).toBe(201);
  return res.json().lois.at(-1).version as number;
}
const sign = (d: TestDeal, by: TestUser, version: number, fullName = 'Full Name Here') =>
  by.client.post(`/api/deals/${d.id}/loi/${version}/sign`, { fullName, accept: true });

/** A deal whose letter of intent both signed: at due diligence. */
async function inDueDiligence() {
  const d = await createDeal(t.app);
  const v = await propose(d, d.buyer);
  expect((await sign(d, d.seller, v)).statusCode).toBe(200);
  expect((await sign(d, d.buyer, v)).statusCode).toBe(200);
  return d;
}

async function closeAllItems(d: TestDeal) {
  const deal = (await d.seller.client.get(`/api/deals/${d.id}`)).json();
  for (const item of deal.checklist) {
    const res = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${item.id}`, {
      status: 'not_applicable',
    });
    expect(res.statusCode).toBe(200);
  }
}

describe('opening a deal', () => {
  it('accepting an offer opens the deal in the same transaction, with the sector checklist and timeline', async () => {
    const d = await createDeal(t.app, { listing: {} });
    const [row] = await t.app.db.select().from(deals).where(eq(deals.id, d.id));
    const [offer] = await t.app.db.select().from(offers).where(eq(offers.id, d.offerId));
    expect(offer!.status).toBe('accepted');
    expect(row!.stage).toBe('loi');
    expect(row!.sellerId).toBe(d.seller.id);
    expect(row!.buyerId).toBe(d.buyer.id);

    const res = await d.buyer.client.get(`/api/deals/${d.id}`, { headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const deal = res.json();
    expect(deal.you).toBe('buyer');
    expect(deal.offer).toMatchObject({ id: d.offerId, amount: 900_000 });
    expect(deal.checklist.length).toBeGreaterThanOrEqual(7);
    expect(deal.checklist.map((i: { title: string }) => i.title)).toContain(
      'Financial statements for the last three years',
    );
    expect(deal.timeline.map((e: { type: string }) => e.type)).toEqual(['opened']);
    expect(deal.opportunity.dealState).toBeNull();
    const insights = await d.seller.client.get(`/api/opportunities/${d.opportunityId}/insights?days=7`);
    expect(insights.json().totals.deals).toBe(1);
    const ar = (await d.seller.client.get(`/api/deals/${d.id}`)).json();
    expect(ar.checklist[0].title).toBe('القوائم المالية لآخر ثلاث سنوات');
  });

  it('declining opens nothing, and a deal that fails to open takes the acceptance back with it', async () => {
    const seller = await createUser(t.app);
    const buyer = await createUser(t.app);
    const listingId = (await createListing(t.app, seller, { status: 'approved' })).id;
    const declined = await createOffer(t.app, buyer, listingId);
    expect((await seller.client.patch(`/api/offers/${declined.id}`, { status: 'declined' })).statusCode).toBe(
      200,
    );
    expect((await t.app.db.select().from(deals).where(eq(deals.offerId, declined.id))).length).toBe(0);

    // A deal row for the offer already exists (unique offer): the acceptance must roll back.
    const second = await createOffer(t.app, buyer, listingId);
    await t.app.db.insert(deals).values({
      opportunityId: listingId,
      offerId: second.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      offerMadeAt: new Date(),
    });
    const res = await seller.client.patch(`/api/offers/${second.id}`, { status: 'accepted' });
    expect(res.statusCode).toBe(500);
    const [offer] = await t.app.db.select().from(offers).where(eq(offers.id, second.id));
    expect(offer!.status).toBe('new');
  });
});

describe('who sees a deal', () => {
  it('lists the caller’s deals only; a third party gets 404; an admin can read; anonymous 401', async () => {
    const d = await createDeal(t.app);
    const mine = (await d.buyer.client.get('/api/deals')).json();
    expect(mine.data.map((x: { id: number }) => x.id)).toContain(d.id);
    expect(
      (await stranger.client.get('/api/deals')).json().data.map((x: { id: number }) => x.id),
    ).not.toContain(d.id);
    expect((await stranger.client.get(`/api/deals/${d.id}`)).statusCode).toBe(404);
    expect((await admin.client.get(`/api/deals/${d.id}`)).json().you).toBeNull();
    expect((await new TestClient(t.app).get(`/api/deals/${d.id}`)).statusCode).toBe(401);
    const before = await rowCounts(t.app.db);
    expect((await stranger.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(404);
    expect((await admin.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(404);
    expect(
      (await stranger.client.post(`/api/deals/${d.id}/stage`, { stage: 'cancelled', reason: 'not mine' }))
        .statusCode,
    ).toBe(404);
    expect((await stranger.client.get(`/api/deals/${d.id}/loi/1.pdf`)).statusCode).toBe(404);
    expect(await rowCounts(t.app.db)).toEqual(before);
    expect((await d.seller.client.get('/api/deals?stage=closed')).json().data).toEqual([]);
    const all = await admin.client.get('/api/admin/deals?pageSize=50');
    expect(all.json().data.map((x: { id: number }) => x.id)).toContain(d.id);
    expect((await stranger.client.get('/api/admin/deals')).statusCode).toBe(403);
  });
});

describe('letter of intent', () => {
  it('versions are kept; the other party is notified; an unknown field or out-of-range term is 400', async () => {
    const d = await createDeal(t.app);
    expect(await propose(d, d.buyer)).toBe(1);
    expect(await propose(d, d.seller, { price: 950_000 })).toBe(2);
    const deal = (await d.buyer.client.get(`/api/deals/${d.id}`)).json();
    expect(deal.lois.map((l: { version: number; proposedBy: string }) => [l.version, l.proposedBy])).toEqual([
      [1, 'buyer'],
      [2, 'seller'],
    ]);
    const bell = (await d.buyer.client.get('/api/notifications')).json();
    expect(bell.data.some((n: { link: string }) => n.link === `/deals/${d.id}`)).toBe(true);
    for (const bad of [
      { ...terms, exclusivityDays: 91 },
      { ...terms, dueDiligenceDays: 6 },
      { ...terms, conditions: 'x'.repeat(4001) },
      { ...terms, extra: 1 },
    ]) {
      const res = await d.buyer.client.post(`/api/deals/${d.id}/loi`, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('only the latest version can be signed; a party signing twice is 409; a bad signature is 400', async () => {
    const d = await createDeal(t.app);
    const v1 = await propose(d, d.buyer);
    const v2 = await propose(d, d.seller);
    const outdated = await sign(d, d.buyer, v1);
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().code).toBe('LOI_OUTDATED');
    expect((await sign(d, d.buyer, 9)).statusCode).toBe(404);
    const noAccept = await d.buyer.client.post(`/api/deals/${d.id}/loi/${v2}/sign`, {
      fullName: 'Khalid Saad',
    });
    expect(noAccept.statusCode).toBe(400);
    expect((await sign(d, d.buyer, v2, 'ab')).statusCode).toBe(400);
    expect((await sign(d, d.buyer, v2, 'Khalid Saad')).json().buyerSignature).toBe('Khalid Saad');
    const twice = await sign(d, d.buyer, v2, 'Khalid Saad');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_SIGNED');
    expect((await d.buyer.client.get(`/api/deals/${d.id}`)).json().stage).toBe('loi');
  });

  it('signed by both: due diligence, its end date, "under offer", and the PDF emailed to each once', async () => {
    const d = await createDeal(t.app);
    const v = await propose(d, d.buyer, { dueDiligenceDays: 20 });
    expect((await sign(d, d.seller, v, 'محمد العتيبي')).statusCode).toBe(200);
    const last = await sign(d, d.buyer, v, 'Khalid Saad');
    expect(last.statusCode).toBe(200);
    const deal = (await d.seller.client.get(`/api/deals/${d.id}`)).json();
    expect(deal.stage).toBe('due_diligence');
    const ends =
      new Date(deal.dueDiligenceEndsAt).getTime() - new Date(last.json().signedByBuyerAt).getTime();
    expect(ends).toBe(20 * 24 * 60 * 60 * 1000);
    expect(deal.opportunity.dealState).toBe('under_offer');
    const card = (await stranger.client.get(`/api/opportunities/${d.opportunityId}`)).json();
    expect(card.dealState).toBe('under_offer');
    for (const party of [d.seller, d.buyer]) {
      const withPdf = (await mailsTo(t.app, party.email)).filter((m) => /PDF/.test(m.text));
      expect(withPdf).toHaveLength(1);
    }
    // No more versions once signed.
    expect((await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(409);
  });

  it('both parties signing at once: each signature once, the stage moved once, one PDF email each', async () => {
    const d = await createDeal(t.app);
    const v = await propose(d, d.seller);
    const results = await Promise.all([
      sign(d, d.seller, v),
      sign(d, d.buyer, v),
      sign(d, d.seller, v),
      sign(d, d.buyer, v),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409]);
    const events = await t.app.db.select().from(dealEvents).where(eq(dealEvents.dealId, d.id));
    expect(events.filter((e) => e.type === 'loi_signed')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'stage_changed')).toHaveLength(1);
    for (const party of [d.seller, d.buyer]) {
      expect((await mailsTo(t.app, party.email)).filter((m) => /PDF/.test(m.text))).toHaveLength(1);
    }
  });
});

describe('checklist', () => {
  it('adds and marks items; documents only from the parties’ own uploads', async () => {
    const d = await createDeal(t.app);
    const added = await d.buyer.client.post(`/api/deals/${d.id}/checklist`, {
      title: 'Customer contracts',
      side: 'seller',
      dueDate: '2026-01-31',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ title: 'Customer contracts', side: 'seller', status: 'open' });
    expect(
      (await d.buyer.client.post(`/api/deals/${d.id}/checklist`, { title: 'ab', side: 'seller' })).statusCode,
    ).toBe(400);
    expect(
      (await d.buyer.client.post(`/api/deals/${d.id}/checklist`, { title: 'abc', side: 'x' })).statusCode,
    ).toBe(400);
    const itemId = added.json().id as number;
    const done = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${itemId}`, {
      status: 'done',
      note: 'Sent by email',
    });
    expect(done.json()).toMatchObject({ status: 'done', note: 'Sent by email', documents: [] });
    const foreign = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${itemId}`, {
      status: 'done',
      documentIds: [2_000_000],
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().fields)).toEqual(['documentIds.0']);
    expect(
      (await stranger.client.patch(`/api/deals/${d.id}/checklist/${itemId}`, { status: 'open' })).statusCode,
    ).toBe(404);
    const other = await createDeal(t.app);
    expect(
      (await other.seller.client.patch(`/api/deals/${other.id}/checklist/${itemId}`, { status: 'open' }))
        .statusCode,
    ).toBe(404);
    const timeline = (await d.seller.client.get(`/api/deals/${d.id}`))
      .json()
      .timeline.map((e: { type: string }) => e.type);
    expect(timeline).toEqual(['opened', 'checklist_added', 'checklist_updated']);
  });
});

describe('stages', () => {
  it('closing is refused before due diligence (409) and while an item is open (CHECKLIST_OPEN)', async () => {
    const d = await createDeal(t.app);
    for (const stage of ['closing', 'closed']) {
      const res = await d.seller.client.post(`/api/deals/${d.id}/stage`, { stage });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('INVALID_STATUS_TRANSITION');
    }
    expect(
      (await d.seller.client.post(`/api/deals/${d.id}/stage`, { stage: 'due_diligence' })).statusCode,
    ).toBe(400);
    const dd = await inDueDiligence();
    const open = await dd.seller.client.post(`/api/deals/${dd.id}/stage`, { stage: 'closing' });
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('CHECKLIST_OPEN');
    expect((await dd.seller.client.post(`/api/deals/${dd.id}/stage`, { stage: 'closed' })).statusCode).toBe(
      409,
    );
  });

  it('closed needs both parties to ask; then "sold", out of search; each step on the timeline', async () => {
    const d = await inDueDiligence();
    await closeAllItems(d);
    expect((await d.buyer.client.post(`/api/deals/${d.id}/stage`, { stage: 'closing' })).json().stage).toBe(
      'closing',
    );
    const one = await d.seller.client.post(`/api/deals/${d.id}/stage`, { stage: 'closed' });
    expect(one.json()).toMatchObject({ stage: 'closing', closeRequestedBy: ['seller'] });
    expect((await d.seller.client.post(`/api/deals/${d.id}/stage`, { stage: 'closed' })).json().stage).toBe(
      'closing',
    );
    const both = await d.buyer.client.post(`/api/deals/${d.id}/stage`, { stage: 'closed' });
    expect(both.json()).toMatchObject({ stage: 'closed', closeRequestedBy: ['seller', 'buyer'] });
    expect(both.json().opportunity.dealState).toBe('funded');
    const types = both.json().timeline.map((e: { type: string }) => e.type);
    expect(types.filter((x: string) => x === 'close_requested')).toHaveLength(2);
    expect(types.at(-1)).toBe('stage_changed');
    const search = (await stranger.client.get('/api/opportunities?pageSize=50')).json();
    expect(search.data.map((c: { id: number }) => c.id)).not.toContain(d.opportunityId);
    const cancel = await d.buyer.client.post(`/api/deals/${d.id}/stage`, {
      stage: 'cancelled',
      reason: 'Too late now',
    });
    expect(cancel.statusCode).toBe(409);
  });

  it('cancel needs a reason, works any time before closed, and puts the listing back', async () => {
    const d = await inDueDiligence();
    const noReason = await d.buyer.client.post(`/api/deals/${d.id}/stage`, { stage: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);
    const res = await d.buyer.client.post(`/api/deals/${d.id}/stage`, {
      stage: 'cancelled',
      reason: 'Financing fell through',
    });
    expect(res.json()).toMatchObject({ stage: 'cancelled', cancelReason: 'Financing fell through' });
    expect(res.json().opportunity.dealState).toBeNull();
    expect((await d.seller.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(409);
    const sellerBell = (await d.seller.client.get('/api/notifications')).json();
    expect(sellerBell.data[0].title).toBe('أُلغيت الصفقة');
  });
});

describe('overdue reminders', () => {
  it('tell each side once a day about its own overdue items', async () => {
    const d = await createDeal(t.app);
    await d.seller.client.post(`/api/deals/${d.id}/checklist`, {
      title: 'Bank letter',
      side: 'buyer',
      dueDate: '2026-03-01',
    });
    const count = async () =>
      (await d.buyer.client.get('/api/notifications'))
        .json()
        .data.filter((n: { body: string }) => n.body.includes('Bank letter')).length;
    const before = await count();
    const service = t.app.deals;
    await service.remindOverdue(new Date('2026-03-02T08:00:00Z'));
    await service.remindOverdue(new Date('2026-03-02T20:00:00Z'));
    expect(await count()).toBe(before + 1);
    await service.remindOverdue(new Date('2026-03-03T08:00:00Z'));
    expect(await count()).toBe(before + 2);
    const sellerNotes = (await d.seller.client.get('/api/notifications')).json().data;
    expect(
      sellerNotes.some(
        (n: { body: string }) => n.body.includes('Bank letter') && /overdue|متأخرة/.test(n.body),
      ),
    ).toBe(false);
  });

  it('reach every deal when they walk the deals a window at a time', async () => {
    // Three deals with an item overdue on a day no other test uses, read one deal per batch.
    const deals = [await createDeal(t.app), await createDeal(t.app), await createDeal(t.app)];
    for (const d of deals)
      await d.seller.client.post(`/api/deals/${d.id}/checklist`, {
        title: 'Audited accounts',
        side: 'buyer',
        dueDate: '2027-06-01',
      });
    const told = async (d: (typeof deals)[number]) =>
      (await d.buyer.client.get('/api/notifications'))
        .json()
        .data.filter((n: { body: string }) => n.body.includes('Audited accounts')).length;
    const before = await Promise.all(deals.map(told));
    await t.app.deals.remindOverdue(new Date('2027-06-05T08:00:00Z'), 1);
    expect(await Promise.all(deals.map(told))).toEqual(before.map((n) => n + 1));
  });
});
