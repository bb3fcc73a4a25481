import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobSchedules, jobs } from '../db/schema/jobs';
import { contactMessages } from '../db/schema/content';
import { createTestApp, type TestApp } from '../test/test-app';
import { JobRunner } from './job-runner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(jobs);
  await t.app.db.delete(jobSchedules);
});

const at = (iso: string) => new Date(iso);
const T0 = at('2026-11-24T10:00:00Z');
const minutes = (date: Date, n: number) => new Date(date.getTime() + n * 60_000);
const runner = () => new JobRunner(t.app.db, t.app.log);

async function statusOf(name: string) {
  return t.app.db
    .select({ status: jobs.status, attempts: jobs.attempts })
    .from(jobs)
    .where(eq(jobs.name, name));
}

describe('one-off jobs', () => {
  it('runs a due job once with its payload and the clock of the pass', async () => {
    const jobsRun: unknown[] = [];
    const r = runner();
    r.define<{ n: number }>('count', async (payload, { now, attempt }) => {
      jobsRun.push({ payload, now: now.toISOString(), attempt });
    });
    await r.enqueue('count', { n: 1 }, { runAt: T0 });
    expect(await r.runDue(T0)).toBe(1);
    expect(await r.runDue(minutes(T0, 5))).toBe(0);
    expect(jobsRun).toEqual([{ payload: { n: 1 }, now: T0.toISOString(), attempt: 1 }]);
    expect(await statusOf('count')).toEqual([{ status: 'done', attempts: 1 }]);
  });

  it('waits for runAt', async () => {
    const seen: number[] = [];
    const r = runner();
    r.define<number>('later', async (n) => void seen.push(n));
    await r.enqueue('later', 7, { runAt: minutes(T0, 15) });
    expect(await r.runDue(minutes(T0, 14))).toBe(0);
    expect(await r.runDue(minutes(T0, 15))).toBe(1);
    expect(seen).toEqual([7]);
  });

  it('keeps one unfinished job per key, and accepts the key again once it is done', async () => {
    const seen: string[] = [];
    const r = runner();
    r.define<string>('keyed', async (s) => void seen.push(s));
    await r.enqueue('keyed', 'first', { key: 'chat:1', runAt: T0 });
    await r.enqueue('keyed', 'second', { key: 'chat:1', runAt: T0 });
    await r.enqueue('keyed', 'other key', { key: 'chat:2', runAt: T0 });
    await r.runDue(T0);
    await r.enqueue('keyed', 'third', { key: 'chat:1', runAt: T0 });
    await r.runDue(T0);
    expect(seen.sort()).toEqual(['first', 'other key', 'third']);
  });

  it('retries a failing job with back-off and marks it failed after the last attempt', async () => {
    let calls = 0;
    const r = new JobRunner(t.app.db, t.app.log, { backoffBaseSeconds: 30 });
    r.define(
      'flaky',
      async () => {
        calls += 1;
        throw new Error(`try ${calls} failed`);
      },
      { maxAttempts: 3 },
    );
    await r.enqueue('flaky', null, { runAt: T0 });
    expect(await r.runDue(T0)).toBe(1);
    expect(await r.runDue(minutes(T0, 0.4))).toBe(0); // not before 30 s
    expect(await r.runDue(minutes(T0, 0.5))).toBe(1);
    expect(await r.runDue(minutes(T0, 1.5))).toBe(1); // 60 s after the second failure
    expect(await r.runDue(minutes(T0, 60))).toBe(0);
    const [row] = await t.app.db.select().from(jobs).where(eq(jobs.name, 'flaky'));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'try 3 failed' });
    expect(calls).toBe(3);
  });

  it('exists only if the transaction that enqueued it commits', async () => {
    const r = runner();
    r.define('after-write', async () => {});
    const write = (fail: boolean) =>
      t.app.db.transaction(async (tx) => {
        await tx
          .insert(contactMessages)
          .values({ name: 'n', email: 'a@example.com', message: 'hello there' });
        await r.enqueue('after-write', { fail }, { executor: tx, runAt: T0 });
        if (fail) throw new Error('rolled back');
      });
    await expect(write(true)).rejects.toThrow('rolled back');
    await write(false);
    const rows = await t.app.db.select({ payload: jobs.payload }).from(jobs);
    expect(rows).toEqual([{ payload: { fail: false } }]);
  });

  it('takes over a job whose process died mid-run once its lease has ended', async () => {
    const crashed = new JobRunner(t.app.db, t.app.log, { leaseSeconds: 60 });
    crashed.define('long', async () => {
      throw Object.assign(new Error('never reached'), { neverCaught: true });
    });
    await crashed.enqueue('long', null, { runAt: T0 });
    // The claim the dead process made: running, leased for 60 s.
    await t.app.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: minutes(T0, 1) })
      .where(eq(jobs.name, 'long'));

    const seen: number[] = [];
    const survivor = runner();
    survivor.define('long', async (_p, { attempt }) => void seen.push(attempt));
    expect(await survivor.runDue(minutes(T0, 0.5))).toBe(0);
    expect(await survivor.runDue(minutes(T0, 2))).toBe(1);
    expect(seen).toEqual([2]);
  });

  it('runs each job once when two processes pass at the same time', async () => {
    const second = await createTestApp({}, {}, { database: t.database });
    try {
      const seen: number[] = [];
      const a = new JobRunner(t.app.db, t.app.log, { batchSize: 3 });
      const b = new JobRunner(second.app.db, second.app.log, { batchSize: 3 });
      for (const r of [a, b]) r.define<number>('shared', async (n) => void seen.push(n));
      for (let n = 0; n < 30; n++) await a.enqueue('shared', n, { runAt: T0 });
      const [ranA, ranB] = await Promise.all([a.runDue(T0), b.runDue(T0)]);
      expect(ranA + ranB).toBe(30);
      expect(seen.sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
    } finally {
      await second.close();
    }
  });

  it('refuses to enqueue a job nobody defined', async () => {
    await expect(runner().enqueue('nobody', null)).rejects.toThrow('not defined');
  });
});

describe('recurring jobs', () => {
  it('runs once per period across processes, the first period at once', async () => {
    const runs: string[] = [];
    const second = await createTestApp({}, {}, { database: t.database });
    try {
      const a = new JobRunner(t.app.db, t.app.log);
      const b = new JobRunner(second.app.db, second.app.log);
      for (const [label, r] of [
        ['a', a],
        ['b', b],
      ] as const) {
        r.every(
          'daily-thing',
          24 * 60 * 60 * 1000,
          async ({ now }) => void runs.push(`${label} ${now.toISOString()}`),
        );
      }
      await Promise.all([a.runDue(T0), b.runDue(T0)]);
      await Promise.all([a.runDue(minutes(T0, 60)), b.runDue(minutes(T0, 60))]);
      await Promise.all([a.runDue(minutes(T0, 24 * 60)), b.runDue(minutes(T0, 24 * 60))]);
      expect(runs.map((r) => r.slice(2))).toEqual([T0.toISOString(), minutes(T0, 24 * 60).toISOString()]);
    } finally {
      await second.close();
    }
  });

  it('between periods, a pass asks the database one question for all its schedules, and still sees a run forced by hand', async () => {
    // Every statement the runner starts goes through one of these builders of its `db`.
    let statements = 0;
    const counted = new Proxy(t.app.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (
          typeof value !== 'function' ||
          !['select', 'insert', 'update', 'delete', 'execute'].includes(String(key))
        )
          return value;
        return (...args: unknown[]) => {
          statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const runs: string[] = [];
    const r = new JobRunner(counted, t.app.log);
    for (const name of ['hourly-a', 'hourly-b', 'hourly-c', 'hourly-d', 'hourly-e'])
      r.every(name, 60 * 60 * 1000, async () => void runs.push(name));
    await r.runDue(T0);
    expect(runs).toHaveLength(5);

    statements = 0;
    expect(await r.runDue(minutes(T0, 1))).toBe(0);
    // One for the six schedules (the runner's daily prune is one; two each before), one for one-off
    // jobs abandoned by a dead process (this runner defines none to claim).
    expect(statements).toBe(2);

    // What operations.md tells an operator to do to run a period now.
    await t.app.db
      .update(jobSchedules)
      .set({ nextRunAt: minutes(T0, 1) })
      .where(eq(jobSchedules.name, 'hourly-c'));
    expect(await r.runDue(minutes(T0, 2))).toBe(1);
    expect(runs.at(-1)).toBe('hourly-c');
  });

  it('records a failure and tries again next period', async () => {
    let calls = 0;
    const r = runner();
    r.every('fragile', 60_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error('first run broke');
    });
    await r.runDue(T0);
    const [failed] = await t.app.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'fragile'));
    expect(failed).toMatchObject({ lastError: 'first run broke' });
    await r.runDue(minutes(T0, 1));
    const [ok] = await t.app.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'fragile'));
    expect(ok).toMatchObject({ lastError: null });
    expect(calls).toBe(2);
  });

  it('prunes finished jobs a week after they finished', async () => {
    const r = runner();
    r.define('old', async () => {});
    await r.enqueue('old', null, { runAt: T0 });
    await r.runDue(T0);
    await t.app.db.delete(jobSchedules); // let the daily prune run again at once
    await r.runDue(minutes(T0, 6 * 24 * 60));
    expect(await statusOf('old')).toHaveLength(1);
    await t.app.db.update(jobSchedules).set({ nextRunAt: sql`'-infinity'::timestamptz` });
    await r.runDue(minutes(T0, 8 * 24 * 60));
    expect(await statusOf('old')).toHaveLength(0);
  });
});

describe('app.jobs', () => {
  it('is the runner the modules use: define, enqueue and runDue', async () => {
    const seen: string[] = [];
    const app = await createTestApp(
      {},
      {},
      {
        database: t.database,
        beforeReady: (a) => a.jobs.define<string>('via-app', async (s) => void seen.push(s)),
      },
    );
    try {
      await app.app.jobs.enqueue('via-app', 'hello', { runAt: T0 });
      await app.app.jobs.runDue(T0);
      expect(seen).toEqual(['hello']);
    } finally {
      await app.close();
    }
  });
});
