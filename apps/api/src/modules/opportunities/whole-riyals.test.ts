import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../../db/schema/content';
import { seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

/**
 * Amounts are whole riyals everywhere (API.md "Conventions"): a fraction in any amount, query or body,
 * is a 400 VALIDATION_FAILED naming the field in the request language; it never reaches the database
 * (where `?minAmount=1.5` against a bigint column was a 500 and an admin error-log row per request).
 */

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let anonymous: TestClient;
let listingId: number;

const NOT_WHOLE = { ar: 'يجب أن يكون رقمًا صحيحًا', en: 'Must be a whole number' };

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  member = await createUser(t.app);
  const admin = await createUser(t.app, { role: 'admin' });
  anonymous = new TestClient(t.app);
  listingId = (await createListing(t.app, owner, { approvedBy: admin })).id;
});
afterAll(async () => t.close());

async function errorLogCount() {
  const [row] = await t.app.db.select({ n: count() }).from(errorLogs);
  return Number(row!.n);
}

type Sent = { statusCode: number; json: () => { code: string; fields?: Record<string, string> } };

function expectRefused(res: Sent, field: string, lang: 'ar' | 'en') {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.fields?.[field]).toBe(NOT_WHOLE[lang]);
}

describe('a fraction of a riyal', () => {
  it.each([
    ['minAmount', '1.5'],
    ['maxAmount', '999.99'],
    ['minAmount', '1e-7'],
  ])('in the search query (%s=%s) is a 400 in both languages, not a 500', async (field, value) => {
    const before = await errorLogCount();
    for (const lang of ['ar', 'en'] as const) {
      const res = await anonymous.get(`/api/opportunities?${field}=${value}`, {
        headers: { 'accept-language': lang },
      });
      expectRefused(res, field, lang);
    }
    expect(await errorLogCount()).toBe(before);
    // Whole amounts still search.
    const whole = await anonymous.get(`/api/opportunities?${field}=${field === 'minAmount' ? 1 : 999}`);
    expect(whole.statusCode).toBe(200);
  });

  it.each(['requiredAmount', 'ebitda', 'yearlySales', 'yearlyOperationalCost'] as const)(
    'in a listing’s %s is a 400 on create and on edit',
    async (field) => {
      for (const lang of ['ar', 'en'] as const) {
        const headers = { 'accept-language': lang };
        const created = await owner.client.post('/api/opportunities', validInput({ [field]: 1000.5 }), {
          headers,
        });
        expectRefused(created, field, lang);
        const edited = await owner.client.put(
          `/api/opportunities/${listingId}`,
          validInput({ [field]: 1000.5 }),
          {
            headers,
          },
        );
        expectRefused(edited, field, lang);
      }
    },
  );

  it.each(['requiredAmount', 'ebitda', 'yearlySales'] as const)(
    'in a valuation check’s %s is a 400',
    async (field) => {
      const body = {
        businessTypeId: 1,
        offeredPercentage: 25,
        requiredAmount: 500_000,
        ebitda: 100_000,
        yearlySales: 900_000,
      };
      for (const lang of ['ar', 'en'] as const) {
        const res = await member.client.post(
          '/api/valuation/check',
          { ...body, [field]: 100.25 },
          {
            headers: { 'accept-language': lang },
          },
        );
        expectRefused(res, field, lang);
      }
    },
  );

  it('in an offer’s amount is a 400', async () => {
    const offer = {
      name: 'سارة',
      phone: '0551234567',
      email: 'sara@example.test',
      code: '1234',
      reasons: { wantsOffer: true },
      message: 'I would like to discuss this listing further.',
      amount: 250_000.5,
    };
    for (const lang of ['ar', 'en'] as const) {
      const res = await member.client.post(`/api/opportunities/${listingId}/offers`, offer, {
        headers: { 'accept-language': lang },
      });
      expectRefused(res, 'amount', lang);
    }
  });

  it.each([
    ['minAmount', 1.5],
    ['maxAmount', '2.25'],
  ])(
    'in a saved search’s %s is refused when saved or edited, and nothing is stored',
    async (field, value) => {
      const good = await member.client.post('/api/saved-searches', {
        name: 'كل شيء',
        query: {},
        frequency: 'daily',
      });
      expect(good.statusCode).toBe(201);
      const id = good.json().data.id as number;
      for (const lang of ['ar', 'en'] as const) {
        const headers = { 'accept-language': lang };
        const body = { name: 'بحث', query: { [field]: value }, frequency: 'instant' };
        expectRefused(
          await member.client.post('/api/saved-searches', body, { headers }),
          `query.${field}`,
          lang,
        );
        expectRefused(
          await member.client.put(`/api/saved-searches/${id}`, body, { headers }),
          `query.${field}`,
          lang,
        );
      }
      const saved = (await member.client.get('/api/saved-searches')).json().data as Array<{
        id: number;
        query: object;
      }>;
      expect(saved.map((s) => [s.id, s.query])).toEqual([[id, {}]]);
      expect((await member.client.delete(`/api/saved-searches/${id}`)).statusCode).toBe(204);
    },
  );
});
