import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { rowCounts } from '../test/row-counts';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

const message = { name: 'Mallory', email: 'mallory@example.com', message: 'Posted from another site' };

/**
 * The router decodes the path before matching it, so the check must look at what it matched: a write
 * spelled with percent-escapes reaches the same handler as the plain one.
 */
describe('CSRF on a path written with percent-escapes', () => {
  it.each(['/%61pi/contact', '/api/contac%74', '/%61%70%69/%63ontact', '/%2561pi/contact'])(
    'refuses POST %s without the header, and stores nothing',
    async (url) => {
      const before = await rowCounts(t.app.db);
      const csrf = await client.csrfToken();
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: message,
        // The cookie alone is what a cross-site form would carry along.
        cookies: { 'XSRF-TOKEN': csrf },
      });
      // '%2561' decodes to '%61', a path nothing answers: refused either way, never stored.
      expect([403, 404]).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json().code).toBe('CSRF_FAILED');
      expect(await rowCounts(t.app.db)).toEqual(before);
    },
  );

  it('still lets the same escaped write through with the header (it is the same route)', async () => {
    const res = await client.post('/%61pi/contact', message);
    expect(res.statusCode).toBe(201);
  });

  it('keeps the one exemption to its own route, however it is spelled', async () => {
    // The one-click unsubscribe answers without the header (a bad token is its own 400) ...
    for (const url of ['/api/saved-searches/unsubscribe', '/api/saved-searches/unsubscrib%65']) {
      const res = await t.app.inject({ method: 'POST', url: `${url}?token=bogus` });
      expect(res.json().code, url).not.toBe('CSRF_FAILED');
    }
    // ... and no other route borrows it by carrying its address in the query.
    const borrowed = await t.app.inject({
      method: 'POST',
      url: '/api/contact?/api/saved-searches/unsubscribe',
      payload: message,
    });
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json().code).toBe('CSRF_FAILED');
  });
});
