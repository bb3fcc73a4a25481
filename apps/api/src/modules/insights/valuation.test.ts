import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TYPE, seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { valuationOf } from './service';
import { createListing, createUser, type TestUser } from '../../test/factories';

/**
 * Valuation (API.md "Insights") on a fixture with known answers. Every services listing below asks
 * 600,000 for 50 %: an implied valuation of 1,200,000. EBITDA and sales are chosen for the multiples.
 */

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
/** The services listing with EBITDA multiple 12 and sales multiple 8. */
let twelveId: number;
let techId: number;

const IMPLIED = 1_200_000;
const listing = (ebitdaMultiple: number, salesMultiple: number) => ({
  businessTypeId: BUSINESS_TYPE.services,
  offeredPercentage: 50,
  requiredAmount: 600_000,
  ebitda: IMPLIED / ebitdaMultiple,
  yearlySales: IMPLIED / salesMultiple,
});
const PAIRS: [number, number][] = [
  [4, 1],
  [5, 2],
  [6, 3],
  [8, 4],
  [10, 6],
  [12, 8],
];

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  member = await createUser(t.app);
  for (const [e, s] of PAIRS) {
    const id = (await createListing(t.app, owner, { ...listing(e, s), approvedBy: admin })).id;
    if (e === 12) twelveId = id;
  }
  // Not comparable: pending, EBITDA not positive, no sales, another business type.
  await createListing(t.app, owner, listing(1, 1));
  await createListing(t.app, owner, { ...listing(4, 1), ebitda: 0, approvedBy: admin });
  await createListing(t.app, owner, { ...listing(4, 1), ebitda: -50_000, approvedBy: admin });
  await createListing(t.app, owner, { ...listing(4, 1), yearlySales: 0, approvedBy: admin });
  // Technology: 5 approved listings with figures, so 4 comparables for each of them.
  for (const e of [3, 4, 5, 6, 8]) {
    const id = (
      await createListing(t.app, owner, {
        ...listing(e, 2),
        businessTypeId: BUSINESS_TYPE.tech,
        approvedBy: admin,
      })
    ).id;
    techId = id;
  }
}, 60_000);
afterAll(async () => t.close());

const check = (body: Record<string, unknown>, client: TestClient = member.client) =>
  client.post('/api/valuation/check', body);

describe('POST /api/valuation/check', () => {
  // Six comparables, sorted EBITDA multiples 4 5 6 8 10 12: percentile_cont places p at p × (n − 1).
  // p25: 1.25 → 5 + 0.25 × (6 − 5) = 5.25; median: 2.5 → 6 + 0.5 × (8 − 6) = 7; p75: 3.75 → 8 + 0.75 × (10 − 8) = 9.5.
  // Sales multiples 1 2 3 4 6 8: p25 = 2 + 0.25 × 1 = 2.25; median = 3 + 0.5 × 1 = 3.5; p75 = 4 + 0.75 × 2 = 5.5.
  const sector = {
    ebitdaMultiple: { p25: 5.25, median: 7, p75: 9.5 },
    salesMultiple: { p25: 2.25, median: 3.5, p75: 5.5 },
  };
  const base = {
    businessTypeId: BUSINESS_TYPE.services,
    offeredPercentage: 25,
    requiredAmount: 500_000,
    yearlySales: 1_000_000,
  };

  it.each([
    ['low', 500_000, 4],
    ['typical', 250_000, 8],
    ['typical', 300_000, 6.67],
    ['high', 100_000, 20],
  ])(
    'flags %s for EBITDA %i (multiple %f) against the sector percentiles',
    async (flag, ebitda, multiple) => {
      const res = await check({ ...base, ebitda });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        impliedValuation: 2_000_000,
        ebitdaMultiple: multiple,
        salesMultiple: 2,
        comparables: 6,
        sector,
        flag,
      });
    },
  );

  it('gives null multiples for EBITDA or sales that are not positive, and flags by sales then', async () => {
    const res = await check({ ...base, ebitda: -10_000, yearlySales: 200_000 });
    expect(res.json()).toMatchObject({ ebitdaMultiple: null, salesMultiple: 10, flag: 'high' });
    const none = await check({ ...base, ebitda: 0, yearlySales: 0 });
    expect(none.json()).toMatchObject({
      ebitdaMultiple: null,
      salesMultiple: null,
      sector,
      flag: 'insufficient_data',
    });
  });

  it('answers insufficient_data without a sector under 5 comparables', async () => {
    const res = await check({ ...base, businessTypeId: BUSINESS_TYPE.retail, ebitda: 250_000 });
    expect(res.json()).toEqual({
      impliedValuation: 2_000_000,
      ebitdaMultiple: 8,
      salesMultiple: 2,
      comparables: 0,
      sector: null,
      flag: 'insufficient_data',
    });
  });

  it.each([
    ['offeredPercentage', { offeredPercentage: 0 }],
    ['offeredPercentage', { offeredPercentage: 100.5 }],
    ['offeredPercentage', { offeredPercentage: 12.345 }],
    ['requiredAmount', { requiredAmount: 0 }],
    ['requiredAmount', { requiredAmount: '500000' }],
    ['requiredAmount', { requiredAmount: 1.5 }],
    ['ebitda', { ebitda: 1e13 }],
    ['yearlySales', { yearlySales: -1 }],
    ['businessTypeId', { businessTypeId: 0 }],
    ['businessTypeId', { businessTypeId: 999 }],
  ])('refuses a bad %s with 400 and the field', async (field, change) => {
    const res = await check({ ...base, ebitda: 250_000, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().fields).toHaveProperty(field);
  });

  it('refuses missing and unknown fields', async () => {
    const missing = await check({ ...base });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('ebitda');
    const extra = await check({ ...base, ebitda: 250_000, status: 'approved' });
    expect(extra.statusCode).toBe(400);
  });

  it('requires a signed-in caller', async () => {
    const res = await check({ ...base, ebitda: 250_000 }, new TestClient(t.app));
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/opportunities/{id}/valuation', () => {
  it('compares a listing with the others of its type, itself left out', async () => {
    const res = await member.client.get(`/api/opportunities/${twelveId}/valuation`);
    expect(res.statusCode).toBe(200);
    // Without the 12 × / 8 × listing: EBITDA 4 5 6 8 10 → 5, 6, 8 (positions 1, 2, 3); sales 1 2 3 4 6 → 2, 3, 4.
    expect(res.json()).toEqual({
      impliedValuation: IMPLIED,
      ebitdaMultiple: 12,
      salesMultiple: 8,
      comparables: 5,
      sector: {
        ebitdaMultiple: { p25: 5, median: 6, p75: 8 },
        salesMultiple: { p25: 2, median: 3, p75: 4 },
      },
      flag: 'high',
    });
  });

  it('answers insufficient_data when only 4 others compare', async () => {
    const res = await member.client.get(`/api/opportunities/${techId}/valuation`);
    expect(res.json()).toMatchObject({
      comparables: 4,
      sector: null,
      flag: 'insufficient_data',
      ebitdaMultiple: 8,
    });
  });

  it('requires a session, and hides listings the caller cannot see', async () => {
    expect((await new TestClient(t.app).get(`/api/opportunities/${twelveId}/valuation`)).statusCode).toBe(
      401,
    );
    const pending = (await createListing(t.app, owner, listing(4, 1))).id;
    expect((await member.client.get(`/api/opportunities/${pending}/valuation`)).statusCode).toBe(404);
    expect((await owner.client.get(`/api/opportunities/${pending}/valuation`)).statusCode).toBe(200);
    expect((await member.client.get('/api/opportunities/987654/valuation')).statusCode).toBe(404);
  });
});

describe('valuationOf', () => {
  it('rounds the implied valuation to riyals and multiples to 2 decimals', () => {
    const v = valuationOf(
      { offeredPercentage: 33.33, requiredAmount: 100_000, ebitda: 70_000, yearlySales: 90_000 },
      { comparables: 0, ebitdaMultiple: null, salesMultiple: null },
    );
    expect(v).toEqual({
      impliedValuation: 300_030, // 100,000 ÷ 0.3333 = 300,030.003
      ebitdaMultiple: 4.29, // 300,030.003 ÷ 70,000 = 4.2861
      salesMultiple: 3.33, // 300,030.003 ÷ 90,000 = 3.3337
      comparables: 0,
      sector: null,
      flag: 'insufficient_data',
    });
  });
});
