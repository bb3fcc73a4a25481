import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS } from '@safqa/shared/validation/error-logs';
import { errorLogs } from '../../db/schema/content';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(errorLogs);
});

const stored = () => t.app.db.select().from(errorLogs);

describe('POST /api/error-logs', () => {
  it('stores a crash report of the web app as a client error with the page as endpoint', async () => {
    const stack = 'TypeError: x is undefined\n    at OpportunityCard (card.tsx:12:3)';
    const res = await client.post('/api/error-logs', {
      message: '  x is undefined  ',
      stack,
      path: '/opportunities/12',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    expect(await stored()).toMatchObject([
      {
        message: 'x is undefined',
        endpoint: '/opportunities/12',
        stackTrace: stack,
        source: 'client',
        resolved: false,
      },
    ]);
  });

  it('keeps markup in a message as plain text and accepts a report without stack', async () => {
    await client.post('/api/error-logs', { message: 'Unexpected token <div>', path: '/faq' });
    expect(await stored()).toMatchObject([{ message: 'Unexpected token <div>', stackTrace: null }]);
  });

  it('never stores the secret of the page address', async () => {
    await client.post('/api/error-logs', { message: 'boom', path: '/reset-password?token=s3cret' });
    expect((await stored())[0]?.endpoint).toBe('/reset-password?token=[REDACTED]');
  });

  it('accepts texts at their caps exactly', async () => {
    const res = await client.post('/api/error-logs', {
      message: 'm'.repeat(CLIENT_ERROR_LIMITS.messageMax),
      stack: 's'.repeat(CLIENT_ERROR_LIMITS.stackMax),
      path: '/',
    });
    expect(res.statusCode).toBe(202);
  });

  it.each([
    [{ message: '   ', path: '/' }, 'message'],
    [{ message: 'm'.repeat(CLIENT_ERROR_LIMITS.messageMax + 1), path: '/' }, 'message'],
    [{ message: 'boom', stack: 's'.repeat(CLIENT_ERROR_LIMITS.stackMax + 1), path: '/' }, 'stack'],
    [{ message: 'boom' }, 'path'],
    [{ message: 'boom', path: 'javascript:alert(1)' }, 'path'],
    [{ message: 'boom', path: '/', source: 'server' }, 'source'],
    [{ message: 'boom', path: '/', resolved: true }, 'resolved'],
    [{ message: 42, path: '/' }, 'message'],
  ])('refuses %j with 400 on %s and stores nothing', async (body, field) => {
    const res = await client.post('/api/error-logs', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty([field]);
    expect(await stored()).toEqual([]);
  });
});
