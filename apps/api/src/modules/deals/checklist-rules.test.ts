import { DEAL_LIMITS } from '@safqa/shared/validation/deals';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealChecklistItems, deals } from '../../db/schema/deals';
import { rowCounts } from '../../test/row-counts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createDeal, type TestDeal, type TestUser } from '../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const terms = { price: 500_000, percentage: 100, exclusivityDays: 30, dueDiligenceDays: 14, conditions: '' };
const en = { headers: { 'accept-language': 'en' } };

async function inDueDiligence() {
  const d = await createDeal(t.app);
  expect((await d.buyer.client.post(`/api/deals/${d.id}/loi`, terms)).statusCode).toBe(201);
  for (const party of [d.seller, d.buyer]) {
    const res = await party.client.post(`/api/deals/${d.id}/loi/1/sign`, {
      fullName: 'Full Name',
      accept: true,
    });
    expect(res.statusCode).toBe(200);
  }
  return d;
}

async function items(d: TestDeal) {
  return (await d.seller.client.get(`/api/deals/${d.id}`)).json().checklist as Array<{
    id: number;
    status: string;
  }>;
}

async function inClosing() {
  const d = await inDueDiligence();
  for (const item of await items(d)) {
    const res = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${item.id}`, { status: 'done' });
    expect(res.statusCode).toBe(200);
  }
  expect((await d.seller.client.post(`/api/deals/${d.id}/stage`, { stage: 'closing' })).json().stage).toBe(
    'closing',
  );
  return d;
}

const addItem = (d: TestDeal, by: TestUser, body: Record<string, unknown> = {}) =>
  by.client.post(`/api/deals/${d.id}/checklist`, { title: 'Late item', side: 'seller', ...body }, en);
const close = (d: TestDeal, by: TestUser) =>
  by.client.post(`/api/deals/${d.id}/stage`, { stage: 'closed' }, en);

describe('a closing deal’s checklist', () => {
  it('takes no new item and no reopened one (409 CHECKLIST_LOCKED); notes on settled items still go', async () => {
    const d = await inClosing();
    const [first] = await items(d);
    const before = await rowCounts(t.app.db);
    const added = await addItem(d, d.buyer);
    expect(added.statusCode).toBe(409);
    expect(added.json()).toMatchObject({
      code: 'CHECKLIST_LOCKED',
      message: expect.stringContaining('items can no longer be added or reopened'),
    });
    const reopened = await d.buyer.client.patch(`/api/deals/${d.id}/checklist/${first!.id}`, {
      status: 'open',
    });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().code).toBe('CHECKLIST_LOCKED');
    expect(await rowCounts(t.app.db)).toEqual(before);
    const noted = await d.buyer.client.patch(`/api/deals/${d.id}/checklist/${first!.id}`, {
      status: 'not_applicable',
      note: 'Settled at signing',
    });
    expect(noted.statusCode).toBe(200);
    expect((await close(d, d.seller)).statusCode).toBe(200);
    expect((await close(d, d.buyer)).json().stage).toBe('closed');
  });

  it('closed checks every item again: an open one (however it got there) keeps the deal closing', async () => {
    const d = await inClosing();
    const [first] = await items(d);
    // An item open at closing, as a deal from before this rule may have one.
    await t.app.db
      .update(dealChecklistItems)
      .set({ status: 'open' })
      .where(and(eq(dealChecklistItems.id, first!.id), eq(dealChecklistItems.dealId, d.id)));
    for (const party of [d.seller, d.buyer]) {
      const res = await close(d, party);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CHECKLIST_OPEN');
    }
    const [row] = await t.app.db.select().from(deals).where(eq(deals.id, d.id));
    expect(row).toMatchObject({ stage: 'closing', sellerClosingAt: null, buyerClosingAt: null });
  });

  it('once closed or cancelled, nothing on the checklist changes (409 INVALID_STATUS_TRANSITION)', async () => {
    const closed = await inClosing();
    expect((await close(closed, closed.seller)).statusCode).toBe(200);
    expect((await close(closed, closed.buyer)).json().stage).toBe('closed');
    const cancelled = await createDeal(t.app);
    await cancelled.buyer.client.post(`/api/deals/${cancelled.id}/stage`, {
      stage: 'cancelled',
      reason: 'Changed our minds',
    });
    for (const d of [closed, cancelled]) {
      const [first] = await items(d);
      const before = await rowCounts(t.app.db);
      const added = await addItem(d, d.seller);
      const patched = await d.seller.client.patch(`/api/deals/${d.id}/checklist/${first!.id}`, {
        status: 'open',
      });
      for (const res of [added, patched]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('INVALID_STATUS_TRANSITION');
      }
      expect(await rowCounts(t.app.db)).toEqual(before);
    }
  });
});

describe('checklist input', () => {
  it('a due date must be a real calendar day: 400 on dueDate, never a database error', async () => {
    const d = await createDeal(t.app);
    for (const dueDate of ['2024-13-45', '2024-02-30', '2023-02-29', '2024-00-10', '0000-01-01']) {
      const res = await addItem(d, d.buyer, { dueDate });
      expect(res.statusCode, dueDate).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { dueDate: 'Invalid date' } });
    }
    const leap = await addItem(d, d.buyer, { dueDate: '2024-02-29' });
    expect(leap.statusCode).toBe(201);
    expect(leap.json().dueDate).toBe('2024-02-29');
  });

  it(`a deal holds at most ${DEAL_LIMITS.checklistMax} items (409 CHECKLIST_FULL), no notice for a refused one`, async () => {
    const d = await createDeal(t.app);
    const present = (await items(d)).length;
    await t.app.db.insert(dealChecklistItems).values(
      Array.from({ length: DEAL_LIMITS.checklistMax - present - 1 }, (_, i) => ({
        dealId: d.id,
        title: `Item ${i}`,
        side: 'seller' as const,
      })),
    );
    expect((await addItem(d, d.buyer, { title: 'The last one' })).statusCode).toBe(201);
    expect(await items(d)).toHaveLength(DEAL_LIMITS.checklistMax);
    const before = await rowCounts(t.app.db);
    const full = await addItem(d, d.buyer, { title: 'One too many' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'CHECKLIST_FULL', message: expect.stringContaining('(100)') });
    const ar = await d.seller.client.post(`/api/deals/${d.id}/checklist`, {
      title: 'بند زائد',
      side: 'buyer',
    });
    expect(ar.json()).toMatchObject({ code: 'CHECKLIST_FULL', message: expect.stringContaining('100 بند') });
    expect(await rowCounts(t.app.db)).toEqual(before);
  });
});
