import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

/**
 * "Every /api/admin/* route requires role admin, the public lookup reads aside": walks the route
 * table of the OpenAPI document, so a route added later without the guard fails here.
 */
let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let anonymous: TestClient;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

/** The public reads of API.md "Lookups": GET /api/admin/lookups/{kind}. */
function isPublicLookupRead(method: Method, path: string) {
  return method === 'get' && /^\/api\/admin\/lookups\/[a-z-]+$/.test(path);
}

let routes: { method: Method; path: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  anonymous = new TestClient(t.app);
  owner = await createUser(t.app);
  admin = await createUser(t.app, { role: 'admin' });
  const doc = (await anonymous.get('/api/openapi.json')).json() as {
    paths: Record<string, Partial<Record<Method, unknown>>>;
  };
  routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      METHODS.filter((m) => operations[m] !== undefined).map((method) => ({
        method,
        path,
        // Any id will do: the guard answers before the route looks anything up.
        url: path.replace(/\{[^}]+\}/g, '1'),
      })),
    );
});
afterAll(async () => t.close());

describe('the admin guard on every /api/admin/* route of the OpenAPI document', () => {
  it('finds the admin routes in the document (the walk below is not empty)', () => {
    const guarded = routes.filter((r) => !isPublicLookupRead(r.method, r.path));
    // Stats, moderation (7), users, contact messages, error logs (3), FAQs (5), lookup writes (18).
    expect(guarded.length).toBeGreaterThanOrEqual(36);
    expect(routes.filter((r) => isPublicLookupRead(r.method, r.path))).toHaveLength(6);
  });

  it('answers 401 UNAUTHENTICATED to an anonymous caller and 403 FORBIDDEN to an owner, before reading the body', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (isPublicLookupRead(route.method, route.path)) continue;
      // An empty or nonsensical body must not get past the guard as a 400.
      const payload = route.method === 'get' || route.method === 'delete' ? undefined : {};
      const asAnonymous = await anonymous.request({ method: route.method, url: route.url, payload });
      const asOwner = await owner.client.request({ method: route.method, url: route.url, payload });
      const label = `${route.method.toUpperCase()} ${route.path}`;
      if (asAnonymous.statusCode !== 401 || asAnonymous.json().code !== 'UNAUTHENTICATED') {
        failures.push(`${label}: anonymous got ${asAnonymous.statusCode} ${asAnonymous.body}`);
      }
      if (asOwner.statusCode !== 403 || asOwner.json().code !== 'FORBIDDEN') {
        failures.push(`${label}: owner got ${asOwner.statusCode} ${asOwner.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin through on the same routes (no 401 or 403)', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (route.method !== 'get') continue;
      const res = await admin.client.get(route.url);
      if (res.statusCode === 401 || res.statusCode === 403) failures.push(`${route.path}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('keeps the lookup lists public', async () => {
    for (const route of routes.filter((r) => isPublicLookupRead(r.method, r.path))) {
      expect((await anonymous.get(route.url)).statusCode, route.path).toBe(200);
      expect((await owner.client.get(route.url)).statusCode, route.path).toBe(200);
    }
  });

  it('refuses an expired or forged token on an admin route', async () => {
    const forged = await anonymous.get('/api/admin/stats', { token: `${admin.token.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(401);
    const ownerAsAdmin = await anonymous.get('/api/admin/users', { token: owner.token });
    expect(ownerAsAdmin.statusCode).toBe(403);
  });
});
