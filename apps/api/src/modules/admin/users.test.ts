import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/content';
import { users } from '../../db/schema/users';
import { seedLookups } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createListing, createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
let noura: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  admin = await createUser(t.app, { role: 'admin', username: 'chief_admin' });
  noura = await createUser(t.app, { username: 'noura_100%' });
  await t.app.db
    .update(users)
    .set({ email: 'noura@shop.example', language: 'en', phoneNumber: '966551112222' })
    .where(eq(users.id, noura.id));
  await createUser(t.app, { username: 'omar', verified: false });
  await createListing(t.app, noura);
  await createListing(t.app, noura);
  await t.app.db.insert(contactMessages).values([
    {
      name: 'Hala',
      email: 'hala@example.com',
      message: 'How do I list my café?',
      createdAt: new Date(Date.now() - 1000),
    },
    { name: 'سالم', email: 'salem@example.com', message: 'أريد الاستفسار عن العمولة', language: 'ar' },
    { name: 'Ziad', email: 'ziad@example.com', message: 'Discount 50%_off?', language: 'en' },
  ]);
});
afterAll(async () => t.close());

describe('GET /api/admin/users', () => {
  it('lists users newest first with role, verification, language and listings count', async () => {
    const body = (await admin.client.get('/api/admin/users')).json();
    expect(body.data.map((u: { username: string }) => u.username)).toEqual([
      'omar',
      'noura_100%',
      'chief_admin',
    ]);
    expect(body.data[1]).toEqual({
      id: noura.id,
      username: 'noura_100%',
      email: 'noura@shop.example',
      phoneNumber: '966551112222',
      role: 'owner',
      isAdvisor: false,
      emailVerified: true,
      language: 'en',
      status: 'active',
      opportunitiesCount: 2,
      createdAt: expect.any(String),
    });
    expect(body.data[0]).toMatchObject({ emailVerified: false, opportunitiesCount: 0 });
    expect(body.pagination).toEqual({ page: 1, pageSize: 12, total: 3, totalPages: 1, nextCursor: null });
  });

  it('searches username and email case-insensitively, wildcards literally, and filters by role', async () => {
    const find = async (query: string) =>
      (await admin.client.get(`/api/admin/users?${query}`))
        .json()
        .data.map((u: { username: string }) => u.username);
    expect(await find('q=SHOP.EXAMPLE')).toEqual(['noura_100%']);
    expect(await find(`q=${encodeURIComponent('100%')}`)).toEqual(['noura_100%']);
    expect(await find(`q=${encodeURIComponent('00%')}`)).toEqual(['noura_100%']);
    expect(await find('q=a_1')).toEqual(['noura_100%']);
    expect(await find('role=admin')).toEqual(['chief_admin']);
    expect(await find('q=nobody')).toEqual([]);
    expect(await find('page=2&pageSize=2')).toEqual(['chief_admin']);
  });

  it.each(['role=superuser', 'page=-1', 'q=' + 'x'.repeat(101), 'q=%', 'sort=name'])(
    'refuses ?%s with 400',
    async (query) => {
      expect((await admin.client.get(`/api/admin/users?${query}`)).statusCode).toBe(400);
    },
  );

  it('never exposes password hashes', async () => {
    const res = await admin.client.get('/api/admin/users');
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('not-used-by-these-tests');
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('lists messages newest first and searches name, email and text', async () => {
    const names = async (query = '') =>
      (await admin.client.get(`/api/admin/contact-messages${query}`))
        .json()
        .data.map((m: { name: string }) => m.name);
    expect(await names()).toEqual(['Ziad', 'سالم', 'Hala']);
    expect(await names('?q=CAFÉ')).toEqual(['Hala']);
    expect(await names(`?q=${encodeURIComponent('العمولة')}`)).toEqual(['سالم']);
    expect(await names('?q=salem@')).toEqual(['سالم']);
    expect(await names(`?q=${encodeURIComponent('50%_')}`)).toEqual(['Ziad']);
    expect(await names(`?q=${encodeURIComponent('%_')}`)).toEqual(['Ziad']);
    const first = (await admin.client.get('/api/admin/contact-messages?pageSize=1')).json();
    expect(first.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Ziad',
      email: 'ziad@example.com',
      message: 'Discount 50%_off?',
      language: 'en',
      createdAt: expect.any(String),
    });
    expect(first.pagination).toEqual({ page: 1, pageSize: 1, total: 3, totalPages: 3 });
  });
});
