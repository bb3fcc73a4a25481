import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTextOf } from '@safqa/shared/arabic-normalise';
import { faqs } from '../../db/schema/content';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;
let client: TestClient;

const FAQS = [
  {
    questionAr: 'هل تتوفر فرص في مكة؟',
    answerAr: 'نعم، توجد فرص استثمارية في مكة المكرمة.',
    questionEn: 'Are there opportunities in Makkah?',
    answerEn: 'Yes, there are investment opportunities in Makkah.',
    sortOrder: 3,
  },
  {
    questionAr: 'ما هي صفقة؟',
    answerAr: 'صفقة أول منصة عربية لبيع المشاريع.',
    questionEn: 'What is Safqa?',
    answerEn: 'Safqa is the first Arabic platform to sell a business.',
    sortOrder: 1,
  },
  {
    questionAr: 'كم العمولة؟',
    answerAr: 'العمولة 2% من قيمة الصفقة.',
    questionEn: 'What is the fee?',
    answerEn: 'The fee is 2% of the deal value.',
    sortOrder: 2,
  },
  {
    questionAr: 'هل أستطيع إضافة مستشار؟',
    answerAr: 'نعم، من صفحة المستشارين.',
    questionEn: 'Can I add an advisor?',
    answerEn: 'Yes, from the advisors_page.',
    sortOrder: 2,
  },
];

function questions(body: { faqs: { questionEn: string }[] }) {
  return body.faqs.map((f) => f.questionEn);
}

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  await t.app.db.insert(faqs).values(
    FAQS.map((f) => ({
      ...f,
      searchText: searchTextOf(f.questionAr, f.answerAr, f.questionEn, f.answerEn),
    })),
  );
});
afterAll(async () => t.close());

describe('GET /api/faqs', () => {
  it('lists every FAQ in sortOrder then id order with the public fields only', async () => {
    const res = await client.get('/api/faqs');
    expect(res.statusCode).toBe(200);
    expect(questions(res.json())).toEqual([
      'What is Safqa?',
      'What is the fee?',
      'Can I add an advisor?',
      'Are there opportunities in Makkah?',
    ]);
    expect(Object.keys(res.json().faqs[0]).sort()).toEqual(
      ['answerAr', 'answerEn', 'id', 'questionAr', 'questionEn'].sort(),
    );
  });

  it.each([
    ['مكه', 'ta marbuta typed as ha'],
    ['مَكَّة', 'with diacritics'],
    ['إستثمارية', 'alef with hamza below'],
    ['MAKKAH', 'Latin upper case'],
    ['فرص   مكة', 'two terms with extra spaces'],
  ])('finds the Makkah FAQ for %j (%s)', async (search) => {
    const res = await client.get(`/api/faqs?search=${encodeURIComponent(search)}`);
    expect(res.statusCode).toBe(200);
    expect(questions(res.json())).toEqual(['Are there opportunities in Makkah?']);
  });

  it('needs every term to match', async () => {
    const res = await client.get(`/api/faqs?search=${encodeURIComponent('مكة العمولة')}`);
    expect(res.json()).toEqual({ faqs: [] });
  });

  it('matches LIKE wildcards literally', async () => {
    expect(questions((await client.get('/api/faqs?search=%25')).json())).toEqual(['What is the fee?']);
    expect(questions((await client.get('/api/faqs?search=s_p')).json())).toEqual(['Can I add an advisor?']);
    expect((await client.get('/api/faqs?search=fe_')).json()).toEqual({ faqs: [] });
    expect((await client.get(`/api/faqs?search=${encodeURIComponent('\\')}`)).json()).toEqual({ faqs: [] });
  });

  it('lists everything for a blank search', async () => {
    expect(questions((await client.get('/api/faqs?search=%20%20')).json())).toHaveLength(4);
  });

  it('treats markup and SQL in the search as plain text', async () => {
    for (const search of ['<script>alert(1)</script>', "' OR 1=1 --", 'x"); DROP TABLE faqs; --']) {
      const res = await client.get(`/api/faqs?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, search).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ faqs: [] });
    }
    expect(questions((await client.get('/api/faqs')).json())).toHaveLength(4);
  });

  it('refuses an over-long search, a repeated search parameter and unknown parameters', async () => {
    const long = await client.get(`/api/faqs?search=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('search');
    expect((await client.get('/api/faqs?search=a&search=b')).statusCode).toBe(400);
    expect((await client.get('/api/faqs?q=mecca')).statusCode).toBe(400);
  });
});
