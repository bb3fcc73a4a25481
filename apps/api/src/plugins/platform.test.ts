import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@safqa/shared/error-messages';
import { errorLogs } from '../db/schema/content';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { rowCounts } from '../test/row-counts';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      beforeReady: (app) => {
        // A handler that fails the way a real bug would: SQL against a table that does not exist.
        app.get('/api/test/boom', { schema: { hide: true } }, async () => {
          await app.db.execute(sql`SELECT secret_column FROM no_such_table`);
          return { ok: true };
        });
      },
    },
  );
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

const en = { 'accept-language': 'en' };

describe('refused input writes nothing and answers with the error body', () => {
  it('answers every kind of bad request with its status and code, and stores nothing', async () => {
    const before = await rowCounts(t.app.db);
    const csrf = await client.csrfToken();

    const unknownGet = await client.get('/api/no-such-thing');
    expect(unknownGet.statusCode).toBe(404);
    expect(unknownGet.json()).toEqual({ code: 'NOT_FOUND', message: errorMessage('NOT_FOUND', 'ar') });

    const unknownPost = await client.post('/api/no-such-thing', { a: 1 });
    expect(unknownPost.statusCode).toBe(404);
    expect(unknownPost.json().code).toBe('NOT_FOUND');

    const malformed = await client.post('/api/analytics/events', '{"name": "page_view", "path": ', {
      headers: { 'content-type': 'application/json', ...en },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      fields: { body: 'Malformed JSON' },
    });

    const empty = await client.post('/api/error-logs', '', {
      headers: { 'content-type': 'application/json', ...en },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ body: 'This field is required' });

    const huge = await client.post(
      '/api/error-logs',
      { message: 'x'.repeat(1024 * 1024), path: '/' },
      { headers: en },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' });

    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const wrongType = await client.post('/api/error-logs', 'message=hi&path=/', {
        headers: { 'content-type': type },
      });
      expect(wrongType.statusCode, type).toBe(415);
      expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }

    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'page_view', path: '/' },
      cookies: { 'XSRF-TOKEN': csrf },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().code).toBe('CSRF_FAILED');

    const wrongCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/error-logs',
      payload: { message: 'boom', path: '/' },
      cookies: { 'XSRF-TOKEN': csrf },
      headers: { 'x-xsrf-token': `${csrf.split('.')[0]}.forged` },
    });
    expect(wrongCsrf.statusCode).toBe(403);
    expect(wrongCsrf.json().code).toBe('CSRF_FAILED');

    const unknownField = await client.post(
      '/api/analytics/events',
      { name: 'page_view', path: '/', userId: 1, isAdmin: true },
      { headers: en },
    );
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      fields: { userId: 'Field not allowed', isAdmin: 'Field not allowed' },
    });

    const wrongTypes = await client.post('/api/error-logs', { message: ['a'], path: 42 }, { headers: en });
    expect(wrongTypes.statusCode).toBe(400);
    expect(Object.keys(wrongTypes.json().fields).sort()).toEqual(['message', 'path']);

    const badEncoding = await client.get('/api/opportunities/%E0%A4%A', { headers: en });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      fields: { path: 'Invalid value' },
    });

    const overlongId = await client.get(`/api/opportunities/${'1'.repeat(300)}`);
    expect(overlongId.statusCode).toBe(404);
    expect(overlongId.json()).toEqual({ code: 'NOT_FOUND', message: errorMessage('NOT_FOUND', 'ar') });

    const nonNumeric = await client.get('/api/admin/lookups/cities?regionId=abc');
    expect(nonNumeric.statusCode).toBe(400);
    expect(nonNumeric.json().fields).toHaveProperty('regionId');

    const nulInBody = await client.post('/api/error-logs', { message: 'a\u0000b', path: '/' });
    expect(nulInBody.statusCode).toBe(400);
    expect(nulInBody.json().fields).toHaveProperty('message');

    const nulInQuery = await client.get('/api/faqs?search=%00');
    expect(nulInQuery.statusCode).toBe(400);
    expect(nulInQuery.json().fields).toHaveProperty('search');

    const nulInKey = await client.post('/api/analytics/events', {
      name: 'page_view',
      path: '/',
      properties: { ['a\u0000']: 1 },
    });
    expect(nulInKey.statusCode).toBe(400);

    // As deep as the route's 64 KB allow (a bigger body is 413 before it is read).
    const deep = await client.post(
      '/api/analytics/events',
      `{"name":"page_view","path":"/","properties":${'['.repeat(30_000)}${']'.repeat(30_000)}}`,
      { headers: { 'content-type': 'application/json' } },
    );
    expect(deep.statusCode).toBe(400);

    const protoPoison = await client.post(
      '/api/analytics/events',
      '{"name":"page_view","path":"/","__proto__":{"isAdmin":true}}',
      { headers: { 'content-type': 'application/json' } },
    );
    expect(protoPoison.statusCode).toBe(400);

    expect(await rowCounts(t.app.db)).toEqual(before);
  });
});

describe('unexpected errors', () => {
  it('stores the error for the admins and answers 500 INTERNAL without stack or SQL', async () => {
    const res = await client.get('/api/test/boom', { headers: en });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: errorMessage('INTERNAL', 'en') });
    expect(res.body).not.toMatch(/no_such_table|secret_column|SELECT|\bat\s/);

    const logged = await t.app.db.select().from(errorLogs);
    const row = logged.find((r) => r.endpoint === 'GET /api/test/boom');
    expect(row).toMatchObject({ source: 'server', resolved: false });
    expect(row?.message).toContain('no_such_table');
    expect(row?.stackTrace).toBeTruthy();
  });
});

describe('security headers', () => {
  it('sends the strict content security policy and no HSTS outside production', async () => {
    const res = await client.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "worker-src 'self' blob:",
      "style-src 'self'",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "frame-src 'self'",
      "form-action 'self'",
      "base-uri 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents every public route with its tag, summary and schemas', async () => {
    const res = await client.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const tagNames = new Set(doc.tags.map((tag: { name: string }) => tag.name));

    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>,
    ).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    for (const { path, method, op } of operations) {
      expect(op.summary, `${method} ${path} summary`).toBeTruthy();
      expect(op.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(tagNames.has(tag), `${method} ${path} tag ${tag}`).toBe(true);
    }

    const paths = doc.paths;
    expect(paths['/api/faqs'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['search']);
    expect(paths['/api/admin/lookups/cities'].get.parameters[0]).toMatchObject({
      name: 'regionId',
      in: 'query',
    });
    for (const kind of ['business-types', 'regions', 'company-ages', 'company-sizes', 'share-percentages']) {
      expect(paths[`/api/admin/lookups/${kind}`]?.get, kind).toBeDefined();
    }
    const eventBody = paths['/api/analytics/events'].post.requestBody.content['application/json'].schema;
    expect(eventBody.properties.name.enum).toContain('password_reset_success');
    expect(eventBody.additionalProperties).toBe(false);
    expect(paths['/api/error-logs'].post.responses['202']).toBeDefined();
    expect(paths['/api/test/boom']).toBeUndefined();
    expect(paths['/api/openapi.json']).toBeUndefined();
  });

  it('renders the documentation page from our own origin only', async () => {
    const page = await client.get('/api/docs/', { headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)|https?:\/\//);
    // swagger-ui injects a <style> element: its pages, and only they, allow inline style elements.
    const docsCsp = String(page.headers['content-security-policy']);
    expect(docsCsp).toContain("style-src 'self' 'unsafe-inline'");
    expect(docsCsp).toContain("script-src 'self';");
    const apiCsp = String((await client.get('/api/faqs')).headers['content-security-policy']);
    expect(apiCsp).toMatch(/(^|;)style-src 'self'(;|$)/);
    const spec = await client.get('/api/docs/json');
    expect(spec.json().paths['/api/faqs']).toBeDefined();
  });
});
