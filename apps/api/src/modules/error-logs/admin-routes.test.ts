import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../../db/schema/content';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

let t: TestApp;
let admin: TestUser;
const ids: Record<string, number> = {};

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, { role: 'admin' });
  const rows = await t.app.db
    .insert(errorLogs)
    .values([
      {
        message: 'today A',
        endpoint: 'GET /api/opportunities',
        stackTrace: 'Error: A\n at x',
        createdAt: daysAgo(0),
      },
      { message: 'today B', endpoint: 'GET /api/opportunities', createdAt: daysAgo(0), resolved: true },
      {
        message: 'crash',
        endpoint: '/search',
        stackTrace: 'TypeError',
        source: 'client',
        createdAt: daysAgo(2),
      },
      { message: 'ten days', endpoint: 'POST /api/chat', createdAt: daysAgo(10) },
      { message: 'twenty days', endpoint: 'POST /api/chat', createdAt: daysAgo(20), resolved: true },
      { message: 'too old', endpoint: 'GET /api/old', createdAt: daysAgo(45) },
    ])
    .returning({ id: errorLogs.id, message: errorLogs.message });
  for (const row of rows) ids[row.message] = row.id;
});
afterAll(async () => t.close());

const messages = (body: { data: { message: string }[] }) => body.data.map((l) => l.message);

describe('GET /api/admin/error-logs', () => {
  it('lists the last 7 days by default, newest first, with every field', async () => {
    const body = (await admin.client.get('/api/admin/error-logs')).json();
    expect(messages(body)).toEqual(['today B', 'today A', 'crash']);
    expect(body.data[1]).toEqual({
      id: ids['today A'],
      message: 'today A',
      endpoint: 'GET /api/opportunities',
      stackTrace: 'Error: A\n at x',
      date: expect.any(String),
      resolved: false,
      source: 'server',
    });
    expect(body.data[2]).toMatchObject({ source: 'client', endpoint: '/search' });
  });

  it('widens to 14 and 30 days and filters by resolved', async () => {
    const fourteen = (await admin.client.get('/api/admin/error-logs?days=14')).json();
    expect(messages(fourteen)).toEqual(['today B', 'today A', 'crash', 'ten days']);
    const unresolved = (await admin.client.get('/api/admin/error-logs?days=30&resolved=false')).json();
    expect(messages(unresolved)).toEqual(['today A', 'crash', 'ten days']);
    const resolved = (
      await admin.client.get('/api/admin/error-logs?days=30&resolved=true&pageSize=1')
    ).json();
    expect(messages(resolved)).toEqual(['today B']);
    expect(resolved.pagination).toEqual({ page: 1, pageSize: 1, total: 2, totalPages: 2 });
  });

  it.each(['days=10', 'days=abc', 'resolved=maybe', 'page=0', 'sort=date'])(
    'refuses ?%s with 400',
    async (query) => {
      const res = await admin.client.get(`/api/admin/error-logs?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    },
  );
});

describe('GET /api/admin/error-logs/stats', () => {
  it('counts totals, each day of the range (zero days too) and the top endpoints', async () => {
    const stats = (await admin.client.get('/api/admin/error-logs/stats?days=14')).json();
    expect(stats).toMatchObject({ days: 14, total: 4, unresolved: 3 });
    expect(stats.byDay).toHaveLength(14);
    expect(stats.byDay.at(-1)).toEqual({ date: utcDay(new Date()), count: 2 });
    expect(stats.byDay[0].date).toBe(utcDay(daysAgo(13)));
    expect(stats.byDay.find((d: { date: string }) => d.date === utcDay(daysAgo(2))).count).toBe(1);
    expect(stats.byDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(4);
    expect(stats.topEndpoints).toEqual([
      { endpoint: 'GET /api/opportunities', count: 2 },
      { endpoint: '/search', count: 1 },
      { endpoint: 'POST /api/chat', count: 1 },
    ]);
    const week = (await admin.client.get('/api/admin/error-logs/stats')).json();
    expect(week).toMatchObject({ days: 7, total: 3, unresolved: 2 });
    expect(week.byDay).toHaveLength(7);
    expect((await admin.client.get('/api/admin/error-logs/stats?days=31')).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/error-logs/{id}', () => {
  it('marks a log resolved and unresolved again', async () => {
    const id = ids['ten days']!;
    const done = await admin.client.patch(`/api/admin/error-logs/${id}`, { resolved: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id, resolved: true, message: 'ten days' });
    const stats = (await admin.client.get('/api/admin/error-logs/stats?days=30')).json();
    expect(stats.unresolved).toBe(2);
    const undone = await admin.client.patch(`/api/admin/error-logs/${id}`, { resolved: false });
    expect(undone.json().resolved).toBe(false);
  });

  it.each([{}, { resolved: 'yes' }, { resolved: true, message: 'x' }])(
    'refuses %j with 400',
    async (body) => {
      expect((await admin.client.patch(`/api/admin/error-logs/${ids['crash']}`, body)).statusCode).toBe(400);
    },
  );

  it('answers 404 for a log that does not exist', async () => {
    expect((await admin.client.patch('/api/admin/error-logs/999999', { resolved: true })).statusCode).toBe(
      404,
    );
  });

  it('answers 400 with the id field for an id past PostgreSQL integers, never 500', async () => {
    const res = await admin.client.patch('/api/admin/error-logs/2147483648', { resolved: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: expect.any(String) } });
  });
});
