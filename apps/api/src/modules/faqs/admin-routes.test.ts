import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchTextOf } from '@safqa/shared/arabic-normalise';
import { faqs } from '../../db/schema/content';
import { rowCounts } from '../../test/row-counts';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let anonymous: TestClient;

const FAQ = {
  questionAr: 'ما مدة مراجعة الفرصة؟',
  answerAr: 'نراجع الفرص خلال يومي عمل.',
  questionEn: 'How long does a review take?',
  answerEn: 'We review listings within two working days.',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  anonymous = new TestClient(t.app);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(faqs);
});

const publicQuestions = async (search = '') =>
  (await anonymous.get(`/api/faqs${search ? `?search=${encodeURIComponent(search)}` : ''}`))
    .json()
    .faqs.map((f: { questionEn: string }) => f.questionEn);

describe('admin FAQ CRUD', () => {
  it('creates a FAQ after the last one; the public list and its Arabic search show it at once', async () => {
    const first = await admin.client.post('/api/admin/faqs', {
      ...FAQ,
      questionAr: 'هل التسجيل مجاني؟',
      answerAr: 'نعم.',
      questionEn: 'First question',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ questionEn: 'First question', sortOrder: 1 });
    const second = await admin.client.post('/api/admin/faqs', FAQ);
    expect(second.json().data).toEqual({
      id: expect.any(Number),
      ...FAQ,
      sortOrder: 2,
      updatedAt: expect.any(String),
    });
    const res = await anonymous.get('/api/faqs');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(await publicQuestions()).toEqual(['First question', FAQ.questionEn]);
    // Alef and ta marbuta variants find it: search_text was built by searchTextOf.
    expect(await publicQuestions('مراجعه الفرصه')).toEqual([FAQ.questionEn]);
  });

  it('edits every text, rebuilds the search text, and keeps the position without sortOrder', async () => {
    const { id } = (await admin.client.post('/api/admin/faqs', { ...FAQ, sortOrder: 40 })).json().data;
    const edited = { ...FAQ, answerAr: 'نراجعها خلال ثلاث ساعات فقط.', questionEn: 'How fast is a review?' };
    const res = await admin.client.put(`/api/admin/faqs/${id}`, edited);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...edited, sortOrder: 40 });
    const [row] = await t.app.db.select().from(faqs).where(eq(faqs.id, id));
    expect(row!.searchText).toBe(
      searchTextOf(edited.questionAr, edited.answerAr, edited.questionEn, edited.answerEn),
    );
    expect(await publicQuestions('ساعات')).toEqual(['How fast is a review?']);
    expect(await publicQuestions('يومي')).toEqual([]);
  });

  it.each([
    ['no English answer', { ...FAQ, answerEn: undefined }, 'answerEn', 'This field is required'],
    ['a blank Arabic question', { ...FAQ, questionAr: '   ' }, 'questionAr', 'This field is required'],
    [
      'a question over 300 characters',
      { ...FAQ, questionEn: 'q'.repeat(301) },
      'questionEn',
      'Must be at most 300 characters',
    ],
    ['a fractional sort order', { ...FAQ, sortOrder: 1.5 }, 'sortOrder', 'Must be a whole number'],
    ['an unknown field', { ...FAQ, searchText: 'x' }, 'searchText', 'Field not allowed'],
  ])('refuses %s with 400 and writes nothing', async (_label, body, field, message) => {
    const before = await rowCounts(t.app.db);
    const res = await admin.client.post('/api/admin/faqs', body, { headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: message });
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('deletes a FAQ; a second delete and an edit of it answer 404', async () => {
    const { id } = (await admin.client.post('/api/admin/faqs', FAQ)).json().data;
    expect((await admin.client.delete(`/api/admin/faqs/${id}`)).statusCode).toBe(204);
    expect((await admin.client.delete(`/api/admin/faqs/${id}`)).statusCode).toBe(404);
    expect((await admin.client.put(`/api/admin/faqs/${id}`, FAQ)).statusCode).toBe(404);
    expect(await publicQuestions()).toEqual([]);
  });

  it('answers 400 with the id field for an id past PostgreSQL integers, never 500', async () => {
    for (const res of [
      await admin.client.delete('/api/admin/faqs/2147483648'),
      await admin.client.put('/api/admin/faqs/2147483648', FAQ),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } });
    }
  });

  it('lists every FAQ with its sort order for the admin, uncached', async () => {
    await admin.client.post('/api/admin/faqs', { ...FAQ, questionEn: 'B', sortOrder: 2 });
    await admin.client.post('/api/admin/faqs', { ...FAQ, questionEn: 'A', sortOrder: 1 });
    const res = await admin.client.get('/api/admin/faqs');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(
      res.json().data.map((f: { questionEn: string; sortOrder: number }) => [f.questionEn, f.sortOrder]),
    ).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
  });
});

describe('PUT /api/admin/faqs/order', () => {
  it('puts the FAQs in the given order', async () => {
    const ids: number[] = [];
    for (const q of ['One', 'Two', 'Three']) {
      ids.push((await admin.client.post('/api/admin/faqs', { ...FAQ, questionEn: q })).json().data.id);
    }
    const res = await admin.client.put('/api/admin/faqs/order', { ids: [ids[2], ids[0], ids[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((f: { questionEn: string }) => f.questionEn)).toEqual(['Three', 'One', 'Two']);
    expect(await publicQuestions()).toEqual(['Three', 'One', 'Two']);
  });

  it.each([
    ['a missing id', (ids: number[]) => ids.slice(1)],
    ['an unknown id', (ids: number[]) => [...ids.slice(1), 999_999]],
    ['a repeated id', (ids: number[]) => [ids[0]!, ids[0]!, ids[1]!]],
  ])('refuses an order with %s (the list changed) and changes nothing', async (_label, make) => {
    const ids: number[] = [];
    for (const q of ['One', 'Two']) {
      ids.push((await admin.client.post('/api/admin/faqs', { ...FAQ, questionEn: q })).json().data.id);
    }
    const res = await admin.client.put(
      '/api/admin/faqs/order',
      { ids: make(ids) },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.ids).toMatch(/list has changed/);
    expect(await publicQuestions()).toEqual(['One', 'Two']);
  });
});
