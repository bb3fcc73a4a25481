import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@safqa/shared/error-messages';
import { validationMessage } from '@safqa/shared/validation/messages';
import { rowCounts } from '../test/row-counts';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { createUser } from '../test/factories';

/**
 * Issue 20: what one anonymous request can make the server do is bounded. Bodies are sent as
 * prepared JSON text (the hostile shapes are what matters); the server's CPU for them is measured
 * by `npm run bench -- abuse`, not here.
 */
let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());

const en = { 'accept-language': 'en' };
/** Anonymous routes that take a form's worth of JSON (64 KB). */
const FORM_ROUTES = ['/api/analytics/events', '/api/contact', '/api/auth/login', '/api/error-logs'];
const ANONYMOUS_ROUTES = [
  ...FORM_ROUTES,
  // It takes only the token in its address: 1 KB (issue 42: it read whole 1 MB JSON bodies).
  '/api/saved-searches/unsubscribe?token=x',
];
/** "A few KB": the most an error answer may weigh, whatever came in. */
const SMALL_ANSWER = 4 * 1024;

function postJson(url: string, text: string, headers: Record<string, string> = {}, token?: string) {
  return client.post(url, text, { headers: { 'content-type': 'application/json', ...headers }, token });
}

function unknownKeys(count: number, extra = '') {
  const keys = Array.from({ length: count }, (_, i) => `"k${i}":0`);
  return `{${extra}${keys.join(',')}}`;
}

function expectSmallValidationError(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(Buffer.byteLength(res.body)).toBeLessThan(SMALL_ANSWER);
  const body = res.json() as { code: string; message: string; fields: Record<string, string> };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.message).toBe(errorMessage('VALIDATION_FAILED', 'en'));
  expect(Object.keys(body.fields).length).toBeGreaterThan(0);
  expect(Object.keys(body.fields).length).toBeLessThanOrEqual(20);
  return body.fields;
}

describe('unknown keys cannot make the answer grow', () => {
  it('refuses a flood of 90,000 unknown keys (~950 KB) to every anonymous route with a small answer', async () => {
    const flood = unknownKeys(90_000);
    expect(flood.length).toBeGreaterThan(900_000);
    const before = await rowCounts(t.app.db);
    for (const url of ANONYMOUS_ROUTES) {
      const res = await postJson(url, flood, en);
      // These routes never need more than a form's worth of bytes: refused by size, unread.
      expect(res.statusCode, url).toBe(413);
      expect(Buffer.byteLength(res.body)).toBeLessThan(SMALL_ANSWER);
      expect(res.json()).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: errorMessage('PAYLOAD_TOO_LARGE', 'en'),
      });
    }
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('refuses as many unknown keys as fit in a route limit before parsing them: one field, not thousands', async () => {
    for (const url of FORM_ROUTES) {
      const flood = unknownKeys(6_000);
      expect(flood.length).toBeLessThan(64 * 1024);
      const fields = expectSmallValidationError(await postJson(url, flood, en));
      expect(fields).toEqual({ body: validationMessage('too_many_fields', 'en') });
    }
  });

  it('refuses a 1 MB flood to a signed-in route, which takes bodies up to 1 MB, the same way', async () => {
    const user = await createUser(t.app);
    const flood = unknownKeys(90_000);
    const res = await client.request({
      method: 'PATCH',
      url: '/api/users/me',
      payload: flood,
      headers: { 'content-type': 'application/json', ...en },
      token: user.token,
    });
    expect(expectSmallValidationError(res)).toEqual({ body: validationMessage('too_many_fields', 'en') });
  });

  it('names at most 20 fields, the missing ones first, when fewer unknown keys get through to validation', async () => {
    const fields = expectSmallValidationError(await postJson('/api/contact', unknownKeys(1_900), en));
    expect(Object.keys(fields)).toHaveLength(20);
    expect(fields).toMatchObject({
      name: 'This field is required',
      email: 'This field is required',
      message: 'This field is required',
      k0: 'Field not allowed',
      k16: 'Field not allowed',
    });
  });

  it('cuts a field named by a huge key', async () => {
    const key = 'x'.repeat(50_000);
    const res = await postJson(
      '/api/analytics/events',
      JSON.stringify({ name: 'page_view', path: '/', [key]: 1 }),
      en,
    );
    const fields = expectSmallValidationError(res);
    expect(fields).toEqual({ [`${'x'.repeat(100)}…`]: 'Field not allowed' });
  });

  it('names a bad analytics property in the language of the request, not in zod English', async () => {
    const body = JSON.stringify({ name: 'page_view', path: '/', properties: { 'not-a-name': 1 } });
    const arabic = await postJson('/api/analytics/events', body);
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().fields).toEqual({
      'properties.not-a-name': validationMessage('invalid_type', 'ar'),
    });
  });
});

describe('nesting is bounded', () => {
  const nested = (levels: number) =>
    `{"name":"page_view","path":"/","properties":{"a":${'['.repeat(levels)}${']'.repeat(levels)}}}`;

  it('refuses 30,000 nested arrays, and 33 levels, before parsing them', async () => {
    for (const levels of [30_000, 31]) {
      const fields = expectSmallValidationError(await postJson('/api/analytics/events', nested(levels), en));
      expect(fields).toEqual({ body: validationMessage('too_deep', 'en') });
    }
  });

  it('parses 32 levels and leaves the verdict to the route schema', async () => {
    const fields = expectSmallValidationError(await postJson('/api/analytics/events', nested(30), en));
    expect(fields).toEqual({ 'properties.a': 'Invalid value' });
  });

  it('answers in Arabic by default', async () => {
    const res = await postJson('/api/error-logs', `{"message":"boom","path":"/","stack":${'['.repeat(100)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: errorMessage('VALIDATION_FAILED', 'ar'),
      fields: { body: validationMessage('too_deep', 'ar') },
    });
  });
});

describe('the bounds never refuse an honest body', () => {
  it('does not count brackets, commas or escaped quotes inside texts', async () => {
    const text = `${'[{,'.repeat(1200)} \\" ] } , \\\\`;
    const res = await client.post('/api/contact', { name: 'سارة', email: 'sara@example.com', message: text });
    expect(res.statusCode).toBe(201);
    const crash = await client.post('/api/error-logs', {
      message: 'TypeError: x is undefined',
      stack: `at f (app.js:1:2)\n${'[[[,,,]]] "quoted" \\ '.repeat(700)}`,
      path: '/opportunities/1',
    });
    expect(crash.statusCode).toBe(202);
  });

  it("parses the longest list a body may hold: an admin's order of 1,000 FAQs", async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
    const res = await admin.client.request({ method: 'PUT', url: '/api/admin/faqs/order', payload: { ids } });
    // Not refused as a body: the route's own rule answers (these FAQs do not exist).
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['ids']);
  });

  it('takes the longest crash report a browser sends: every text at its limit, 3 bytes a character', async () => {
    const res = await client.post('/api/error-logs', {
      message: '€'.repeat(2000),
      stack: '€'.repeat(16_000),
      path: `/${'a'.repeat(100)}`,
    });
    expect(res.statusCode).toBe(202);
  });
});
