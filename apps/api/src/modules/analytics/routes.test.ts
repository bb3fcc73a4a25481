import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_EVENTS } from '@safqa/shared/validation/analytics';
import { analyticsEvents } from '../../db/schema/content';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(analyticsEvents);
});

const stored = () => t.app.db.select().from(analyticsEvents);
const en = { headers: { 'accept-language': 'en' } };

describe('POST /api/analytics/events', () => {
  it('stores a page view with its path and properties, anonymous when signed out', async () => {
    const res = await client.post('/api/analytics/events', {
      name: 'page_view',
      path: '/search?businessTypeId=4&sort=newest&page=1',
      properties: { referrer: 'home', tile: 4, fromMenu: false, campaign: null },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    expect(await stored()).toMatchObject([
      {
        name: 'page_view',
        path: '/search?businessTypeId=4&sort=newest&page=1',
        properties: { referrer: 'home', tile: 4, fromMenu: false, campaign: null },
        userId: null,
      },
    ]);
  });

  it('accepts each named event of the spec', async () => {
    for (const name of ANALYTICS_EVENTS) {
      const res = await client.post('/api/analytics/events', { name, path: '/verify-email' });
      expect(res.statusCode, name).toBe(202);
    }
    expect((await stored()).map((e) => e.name).sort()).toEqual([...ANALYTICS_EVENTS].sort());
  });

  it('attaches the signed-in user, and stays anonymous with a token that does not verify', async () => {
    const user = await createUser(t.app);
    const { token } = user;
    await client.post('/api/analytics/events', { name: 'page_view', path: '/profile' }, { token });
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('safqa')
      .setAudience('safqa-web')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const res = await client.post(
      '/api/analytics/events',
      { name: 'page_view', path: '/admin' },
      { token: forged },
    );
    expect(res.statusCode).toBe(202);
    const rows = await stored();
    expect(rows.find((r) => r.path === '/profile')?.userId).toBe(user.id);
    expect(rows.find((r) => r.path === '/admin')?.userId).toBeNull();
  });

  it('never stores the secret of a reset or verification link', async () => {
    await client.post('/api/analytics/events', {
      name: 'page_view',
      path: '/reset-password?token=abc123secret',
    });
    await client.post('/api/analytics/events', {
      name: 'email_verification_success',
      path: '/verify-email?token=def456secret&userId=9',
    });
    const paths = (await stored()).map((r) => r.path).sort();
    expect(paths).toEqual(['/reset-password?token=[REDACTED]', '/verify-email?token=[REDACTED]&userId=9']);
  });

  it.each([
    [{ name: 'signup_click', path: '/' }, 'name'],
    [{ name: 'page_view' }, 'path'],
    [{ name: 'page_view', path: 'search' }, 'path'],
    [{ name: 'page_view', path: `/${'a'.repeat(500)}` }, 'path'],
    [{ name: 'page_view', path: '/"><script>alert(1)</script>' }, 'path'],
    [{ name: 'page_view', path: '/', properties: { nested: { deep: 1 } } }, 'properties.nested'],
    [{ name: 'page_view', path: '/', properties: { list: [1, 2] } }, 'properties.list'],
    [{ name: 'page_view', path: '/', properties: { long: 'x'.repeat(201) } }, 'properties.long'],
    [{ name: 'page_view', path: '/', properties: { 'bad key': 1 } }, 'properties.bad key'],
    [{ name: 'page_view', path: '/', properties: 'a string' }, 'properties'],
    [{ name: 'page_view', path: '/', userId: 1 }, 'userId'],
  ])('refuses %j with 400 on %s and stores nothing', async (body, field) => {
    const res = await client.post('/api/analytics/events', body, en);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields).toHaveProperty([field]);
    expect(await stored()).toEqual([]);
  });

  it('caps the number of properties', async () => {
    const properties = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    const res = await client.post('/api/analytics/events', { name: 'page_view', path: '/', properties }, en);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ properties: 'Too many fields' });
    expect(await stored()).toEqual([]);
  });
});
