import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLookups } from '../../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../../test/test-app';
import { teaserFileName } from './teaser-routes';
import { createListing, createUser, type TestUser } from '../../../test/factories';
import { pdfText } from '../../../test/pdf-text';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
  other = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  anonymous = new TestClient(t.app);
});
afterAll(async () => t.close());

describe('GET /api/opportunities/{id}/teaser.pdf', () => {
  it('is a one-page PDF whose Arabic name reads in logical order, with the English name and public facts only', async () => {
    const id = (
      await createListing(t.app, owner, {
        nameAr: 'مطعم صيادين الكورنيش للمأكولات البحرية',
        name: 'Corniche Fishermen Seafood Restaurant',
        requiredAmount: 2_800_000,
        offeredPercentage: 100,
        yearlySales: 7_654_321,
        approvedBy: admin,
      })
    ).id;
    const res = await anonymous.get(`/api/opportunities/${id}/teaser.pdf`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="safqa-corniche-fishermen-seafood-restaurant-${id}.pdf"; filename*=UTF-8''safqa-corniche-fishermen-seafood-restaurant-${id}.pdf`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);

    const text = await pdfText(pdf);
    // Logical order: the words as typed, in the order typed (lam-alef ligatures included).
    expect(text).toContain('مطعم صيادين الكورنيش للمأكولات البحرية');
    expect(text).toContain('Corniche Fishermen Seafood Restaurant');
    expect(text).toContain('SAR 2,800,000');
    expect(text).toContain('المبلغ المطلوب');
    // Financials stay on the platform, whoever downloads the teaser.
    expect(text).not.toContain('7,654,321');
  });

  it('names the download in Arabic for an Arabic reader (RFC 5987), with the English slug as the ASCII fallback', async () => {
    const id = (
      await createListing(t.app, owner, {
        nameAr: 'مقهى «الجبل»: ضباب/أبها',
        name: 'Dabab Mountain Cafe',
        approvedBy: admin,
      })
    ).id;
    const arabic = `صفقة-مقهى-«الجبل»-ضباب-أبها-${id}.pdf`;
    for (const headers of [{ 'accept-language': 'ar' }, {}]) {
      const res = await anonymous.get(`/api/opportunities/${id}/teaser.pdf`, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="safqa-dabab-mountain-cafe-${id}.pdf"; filename*=UTF-8''${encodeURIComponent(arabic)}`,
      );
      expect(res.headers.vary).toContain('Accept-Language');
    }
    const english = await anonymous.get(`/api/opportunities/${id}/teaser.pdf`, {
      headers: { 'accept-language': 'en' },
    });
    expect(english.headers['content-disposition']).toContain(
      `filename*=UTF-8''safqa-dabab-mountain-cafe-${id}.pdf`,
    );
    // One rendering serves both languages: the same body and ETag.
    const arabicAgain = await anonymous.get(`/api/opportunities/${id}/teaser.pdf`);
    expect(english.headers.etag).toBe(arabicAgain.headers.etag);
  });

  it('keeps the letters of ligatures (lam-alef, the name of God) and dotted letters apart and in order', async () => {
    const id = (
      await createListing(t.app, owner, {
        nameAr: 'مؤسسة عبد الله لا خلاف للتجارة',
        name: 'Abdullah Trading',
        approvedBy: admin,
      })
    ).id;
    const text = await pdfText((await anonymous.get(`/api/opportunities/${id}/teaser.pdf`)).rawPayload);
    expect(text).toContain('مؤسسة عبد الله لا خلاف للتجارة');
  });

  it('answers 404 for a pending listing unless the caller is its owner', async () => {
    const id = (await createListing(t.app, owner)).id;
    expect((await anonymous.get(`/api/opportunities/${id}/teaser.pdf`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/opportunities/${id}/teaser.pdf`)).statusCode).toBe(404);
    const mine = await owner.client.get(`/api/opportunities/${id}/teaser.pdf`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 for a listing that does not exist', async () => {
    expect((await anonymous.get('/api/opportunities/999999/teaser.pdf')).statusCode).toBe(404);
  });
});

describe('teaserFileName', () => {
  it('slugs the English name and falls back when nothing Latin is left', () => {
    expect(teaserFileName('Café & Bakery: Riyadh!', 7)).toBe('safqa-caf-bakery-riyadh-7.pdf');
    expect(teaserFileName('مقهى', 3)).toBe('safqa-opportunity-3.pdf');
  });
});
