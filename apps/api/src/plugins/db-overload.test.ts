import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyDependencyError, DatabaseBusyError } from '../lib/dependency-errors';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue [overload]: a statement cut by statement_timeout (SQLSTATE 57014) and a request refused for
 * want of a free connection answer 503 SERVICE_UNAVAILABLE with Retry-After, never 500 INTERNAL, are
 * counted per route in /metrics and stay out of the admin error log. (The real time limits and pools
 * on PostgreSQL: faults/overload.fault.ts.)
 */
const METRICS_TOKEN = 'metrics-token-for-db-overload';
let t: TestApp;

/** node-postgres's error as it reaches the handler, wrapped the way Drizzle wraps it. */
const serverError = (code: string, message: string) =>
  new Error('Failed query', { cause: Object.assign(new pg.DatabaseError(message, 0, 'error'), { code }) });

beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN },
    {},
    {
      beforeReady: (app) => {
        app.get('/test/overload/timeout', async () => {
          throw serverError('57014', 'canceling statement due to statement timeout');
        });
        app.get('/test/overload/busy', async () => {
          throw new Error('Failed query', {
            cause: new DatabaseBusyError('no free connection within 500 ms'),
          });
        });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const errorLogRows = async () =>
  Number(
    (
      (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM error_logs`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('an overloaded database', () => {
  it('takes a cancelled statement and a busy pool for overload, an idle transaction ended for away', () => {
    expect(
      classifyDependencyError(serverError('57014', 'canceling statement due to statement timeout')),
    ).toEqual({ dependency: 'db', status: 503, overload: 'statement_timeout' });
    expect(classifyDependencyError(new DatabaseBusyError('busy'))).toEqual({
      dependency: 'db',
      status: 503,
      overload: 'pool_busy',
    });
    expect(
      classifyDependencyError(
        serverError('25P03', 'terminating connection due to idle-in-transaction timeout'),
      ),
    ).toEqual({ dependency: 'db', status: 503 });
  });

  it('answers 503 with Retry-After in the caller’s language and counts it by route in /metrics', async () => {
    const logsBefore = await errorLogRows();
    for (const [url, lang] of [
      ['/test/overload/timeout', 'ar'],
      ['/test/overload/timeout', 'en'],
      ['/test/overload/busy', 'en'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.json(), url).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: lang === 'ar' ? expect.stringContaining('مؤقت') : expect.stringMatching(/try again/i),
      });
    }
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toMatch(/^db_statement_timeouts_total\{route="\/test\/overload\/timeout"\} 2$/m);
    expect(metrics.body).toMatch(/^db_pool_busy_refusals_total\{route="\/test\/overload\/busy"\} 1$/m);
    expect(metrics.body).toMatch(/^dependency_refusals_total\{dependency="db"\} 3$/m);
    expect(await errorLogRows(), 'overload is not a bug').toBe(logsBefore);
  });
});
