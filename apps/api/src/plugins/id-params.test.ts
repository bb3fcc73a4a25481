import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../db/schema/lookups';
import { createTestApp, type TestApp, type TestClient } from '../test/test-app';
import { createUser } from '../test/factories';

/**
 * Ids are written one way only: decimal digits without a leading zero (`^[1-9][0-9]*$`) within
 * PostgreSQL integers. Number() alone also reads hexadecimal, exponents and padding, so
 * `/api/admin/lookups/cities/0x10` acted on city 16 and `%201` on id 1. Walks every operation of the
 * OpenAPI document, so an id added later is held to the same rule.
 */
const OTHER_SPELLINGS = ['0x10', '%201', '1%20', '%091', '01', '+1', '%2B1', '1e1', '1.0', '0b1', '0o7', '١'];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
interface Parameter {
  name: string;
  in: string;
}
type Doc = { paths: Record<string, Partial<Record<(typeof METHODS)[number], { parameters?: Parameter[] }>>> };

let t: TestApp;
let admin: TestClient;
let city: typeof cities.$inferSelect;
let operations: { method: (typeof METHODS)[number]; path: string; ids: Parameter[] }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, { role: 'admin' })).client;
  const region = (
    await admin.post('/api/admin/lookups/regions', { nameAR: 'منطقة', nameEN: 'Region' })
  ).json();
  const created = await admin.post('/api/admin/lookups/cities', {
    nameAR: 'مدينة',
    nameEN: 'City',
    regionId: region.data.id,
  });
  const [row] = await t.app.db.select().from(cities).where(eq(cities.id, created.json().data.id));
  city = row!;
  const doc = (await admin.get('/api/openapi.json')).json() as Doc;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    METHODS.flatMap((method) => {
      // verify-email answers a bad link with its own codes (API.md): verify-email.test.ts.
      if (path === '/api/auth/verify-email') return [];
      const ids = (methods[method]?.parameters ?? []).filter(
        (p) => (p.in === 'path' && p.name !== '*') || (p.in === 'query' && /(^id|Id)$/.test(p.name)),
      );
      return ids.length ? [{ method, path, ids }] : [];
    }),
  );
});
afterAll(async () => t.close());

function urlOf(path: string, params: Parameter[], target: Parameter, value: string) {
  let url = path;
  const query: string[] = [];
  for (const param of params) {
    const written = param === target ? value : '1';
    if (param.in === 'path') url = url.replace(`{${param.name}}`, written);
    else query.push(`${param.name}=${written}`);
  }
  return query.length ? `${url}?${query.join('&')}` : url;
}

describe('id parameters', () => {
  it('finds the id parameters of the document (the walk below is not empty)', () => {
    const count = operations.reduce((sum, op) => sum + op.ids.length, 0);
    expect(count).toBeGreaterThanOrEqual(45);
    expect(operations.some((op) => op.ids.some((p) => p.in === 'query'))).toBe(true);
  });

  it('refuse every other spelling of a number with 400 on that parameter, whoever asks', async () => {
    for (const { method, path, ids } of operations) {
      for (const target of ids) {
        for (const value of OTHER_SPELLINGS) {
          const url = urlOf(path, ids, target, value);
          const res = await admin.request({ method: method.toUpperCase(), url, payload: {} });
          expect(res.statusCode, `${method} ${url}`).toBe(400);
          expect(res.json().code, `${method} ${url}`).toBe('VALIDATION_FAILED');
          expect(res.json().fields, `${method} ${url}`).toHaveProperty(target.name);
        }
      }
    }
  });

  it('never acts on the row a hexadecimal id names', async () => {
    const hex = `0x${city.id.toString(16)}`;
    const renamed = await admin.put(`/api/admin/lookups/cities/${hex}`, {
      nameAR: 'مدينة',
      nameEN: 'Renamed',
      regionId: city.regionId,
    });
    expect(renamed.statusCode).toBe(400);
    const deleted = await admin.delete(`/api/admin/lookups/cities/${hex}`);
    expect(deleted.statusCode).toBe(400);
    const [after] = await t.app.db.select().from(cities).where(eq(cities.id, city.id));
    expect(after).toEqual(city);
  });

  it('still reads a plain id, and one past PostgreSQL integers stays a 400', async () => {
    const listed = await admin.get(`/api/admin/lookups/cities?regionId=${city.regionId}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((c: { id: number }) => c.id)).toContain(city.id);
    const past = await admin.get('/api/admin/lookups/cities?regionId=2147483648');
    expect(past.statusCode).toBe(400);
  });
});
