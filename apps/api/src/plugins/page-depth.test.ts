import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUser, type TestUser } from '../test/factories';

/** API.md "Paged lists": no `page`-paged list reads past its 10,000th row. */

let t: TestApp;
let admin: TestUser;
const en = { headers: { 'accept-language': 'en' } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
});
afterAll(async () => t.close());

describe('page limit', () => {
  it.each(['/api/admin/users', '/api/opportunities', '/api/admin/audit-log', '/api/users/me/offers'])(
    '%s answers 400 PAGE_TOO_DEEP past the 10,000th row, in Arabic and English',
    async (path) => {
      expect((await admin.client.get(`${path}?page=834&pageSize=12`)).statusCode).toBe(200);
      const ar = await admin.client.get(`${path}?page=835&pageSize=12`);
      expect(ar.statusCode).toBe(400);
      expect(ar.json()).toMatchObject({
        code: 'PAGE_TOO_DEEP',
        message: 'هذه الصفحة أبعد مما يمكن عرضه؛ ضيّق البحث بعوامل التصفية',
      });
      const english = await admin.client.get(`${path}?page=201&pageSize=50`, en);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toMatchObject({
        code: 'PAGE_TOO_DEEP',
        message: 'This page is further than results go; narrow the search with filters',
      });
    },
  );
});
