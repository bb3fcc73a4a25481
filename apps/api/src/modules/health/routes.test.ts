import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('answers ok and sets a readable, same-site XSRF-TOKEN cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: 'ok',
      listener: 'ok',
      background: 'ok',
      disk: 'ok',
      storage: 'ok',
    });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });
});

describe('error bodies and CSRF', () => {
  it('answers an unknown API route with the JSON error body in the requested language', async () => {
    const ar = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(ar.statusCode).toBe(404);
    expect(ar.json()).toEqual({ code: 'NOT_FOUND', message: 'غير موجود' });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'en-GB,en' },
    });
    expect(en.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('refuses an unsafe method without the CSRF header, with a wrong one, and with a forged cookie', async () => {
    const client = new TestClient(t.app);
    const token = await client.csrfToken();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      cookies: { 'XSRF-TOKEN': token },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('CSRF_FAILED');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      cookies: { 'XSRF-TOKEN': token },
      headers: { 'x-xsrf-token': `${token}x` },
    });
    expect(wrong.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      cookies: { 'XSRF-TOKEN': 'abc.def' },
      headers: { 'x-xsrf-token': 'abc.def' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_FAILED');
  });
});
