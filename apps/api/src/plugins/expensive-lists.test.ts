import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { eventually } from '../test/eventually';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue [overload]: an expensive list has DB_EXPENSIVE_LIST_CONCURRENCY slots of its own. With them
 * full, the next request of that kind answers 503 at once, while cheap requests and other lists are
 * served; a slot is given back when its request ends, however it ends. (A real list held up by a lock
 * on PostgreSQL: faults/overload.fault.ts.)
 */
const METRICS_TOKEN = 'metrics-token-for-expensive-lists';
let t: TestApp;
/** Resolves the requests of /test/slow-list that are held now. */
let releaseSlow: () => void = () => {};
let slow = new Promise<void>((resolve) => (releaseSlow = resolve));

beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN, DB_EXPENSIVE_LIST_CONCURRENCY: '2' },
    {},
    {
      beforeReady: (app) => {
        app.get('/test/slow-list', { config: { expensiveList: true } }, async () => {
          await slow;
          return { data: [] };
        });
        app.get('/test/other-list', { config: { expensiveList: true } }, async () => ({ data: [] }));
        app.get('/test/failing-list', { config: { expensiveList: true } }, async () => {
          throw new AppError(404, 'NOT_FOUND');
        });
      },
    },
  );
});
afterAll(async () => {
  releaseSlow();
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });

describe('an expensive list with every slot taken', () => {
  it('refuses the next request of its kind at once while cheap requests and other lists are served', async () => {
    const held = [get('/test/slow-list'), get('/test/slow-list')];
    await eventually(() => expect(t.app.expensiveLists.running().get('/test/slow-list')).toBe(2));

    // Answered while the two are still held: it did not wait for a slot.
    const refused = await get('/test/slow-list');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/try again/i),
    });
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/test/other-list')).statusCode).toBe(200);
    expect(t.app.expensiveLists.running().get('/test/slow-list')).toBe(2);

    releaseSlow();
    for (const res of await Promise.all(held)) expect(res.statusCode).toBe(200);
    slow = Promise.resolve();
    // Their slots are back: the kind is served again.
    expect((await get('/test/slow-list')).statusCode).toBe(200);

    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/^db_expensive_list_refusals_total\{route="\/test\/slow-list"\} 1$/m);
    expect(metrics.body).not.toMatch(/^db_expensive_list_refusals_total\{route="\/test\/other-list"\}/m);
  });

  it('gives a slot back when its request fails', async () => {
    for (let i = 0; i < 4; i += 1) expect((await get('/test/failing-list')).statusCode).toBe(404);
    expect(t.app.expensiveLists.running().get('/test/failing-list')).toBe(0);
  });

  it('gates the admin lists and the busy users’ lists, and no cheap route', () => {
    expect(
      [...t.app.expensiveLists.running().keys()].filter((route) => route.startsWith('/api/')).sort(),
    ).toEqual([
      '/api/admin/audit-log',
      '/api/admin/opportunities',
      '/api/admin/reports',
      '/api/admin/stats',
      '/api/admin/users',
      '/api/chat',
      '/api/notifications',
      '/api/opportunities/:id/insights',
      '/api/opportunities/:id/offers',
      '/api/users/me/offers',
    ]);
  });
});
