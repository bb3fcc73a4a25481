import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFaqs } from '../../db/seed/faqs';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

/** FAQ search by word forms, on the FAQs every installation starts with (db/seed/data/faqs.ts). */
let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  await seedFaqs(t.app.db);
});
afterAll(async () => t.close());

async function questionsFor(search: string) {
  const res = await client.get(`/api/faqs?search=${encodeURIComponent(search)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { faqs: Array<{ questionEn: string }> }).faqs.map((f) => f.questionEn);
}

describe('GET /api/faqs: Arabic word forms', () => {
  it('finds the offer FAQ for العروض (the plural; the FAQ says عرضًا)', async () => {
    expect(await questionsFor('العروض')).toContain('How do I make an offer on an opportunity?');
  });

  it('finds the verified-badge FAQ for توثيق (the FAQ says موثّقة)', async () => {
    expect(await questionsFor('توثيق')).toEqual(['What does the "Verified" badge on an opportunity mean?']);
  });

  it('finds an English plural through its singular, and still needs every term', async () => {
    expect(await questionsFor('offers')).toContain('How do I make an offer on an opportunity?');
    expect(await questionsFor('توثيق العروض')).toEqual([]);
  });
});
