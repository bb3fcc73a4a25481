import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail';
import { createTestApp, type TestApp } from '../test/test-app';
import { MailWorker, retryDelaySeconds } from './mail-worker';
import { claimDueRows, markFailedAttempt } from './outbox-repository';
import type { MailTransport } from './transport';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(mailOutbox);
});

const email = (to: string) => ({ to, subject: 'Subject', text: 'Body', html: '<p>Body</p>' });

function failingTransport(message = 'SMTP said no'): MailTransport & { calls: number } {
  const transport = {
    calls: 0,
    deliver: async () => {
      transport.calls += 1;
      throw new Error(message);
    },
    close: () => {},
  };
  return transport;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('retryDelaySeconds', () => {
  it('waits 30 s after the first failure, doubling each time, capped at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => retryDelaySeconds(n))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});

describe('MailWorker', () => {
  it('gives up after the last allowed attempt and marks the row failed', async () => {
    const id = await t.app.mailer.enqueue(email('a@example.com'));
    const transport = failingTransport();
    const worker = new MailWorker(t.app.db, transport, t.app.log, { maxAttempts: 3 });
    const makeDue = () =>
      t.app.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, id));

    expect(await worker.processDue()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    await makeDue();
    expect(await worker.processDue()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    await makeDue();
    expect(await worker.processDue()).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    await makeDue();
    expect(await worker.processDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(transport.calls).toBe(3);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'SMTP said no' });
  });

  it('marks a row failed when its last attempt was abandoned mid-send', async () => {
    const id = await t.app.mailer.enqueue(email('b@example.com'));
    await t.app.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 3, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    const transport = failingTransport();
    const worker = new MailWorker(t.app.db, transport, t.app.log, { maxAttempts: 3 });
    expect(await worker.processDue()).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    expect(transport.calls).toBe(0);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.status).toBe('failed');
  });

  it('ignores the late report of a worker whose lease was taken over', async () => {
    const id = await t.app.mailer.enqueue(email('c@example.com'));
    const [stale] = await claimDueRows(t.app.db, { limit: 1, leaseSeconds: 60, maxAttempts: 8 });
    expect(stale?.id).toBe(id);
    // The lease runs out; another worker claims and delivers the row.
    await t.app.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect((await t.app.mailer.processDue()).delivered).toBe(1);
    // The first worker finally reports a failure: it must not undo the delivery.
    await markFailedAttempt(t.app.db, stale!, 'timed out', 30);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'caught', attempts: 2, lastError: null });
  });

  it('runs as a loop once started and stops cleanly: rows queued after stop stay pending', async () => {
    const transport = { deliver: async () => 'caught' as const, close: () => {} };
    const worker = new MailWorker(t.app.db, transport, t.app.log, { intervalMs: 20 });
    worker.start();
    const first = await t.app.mailer.enqueue(email('d@example.com'));
    const statusOf = async (id: number) =>
      (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]?.status;
    await waitFor(async () => (await statusOf(first)) === 'caught');
    await worker.stop();
    const second = await t.app.mailer.enqueue(email('e@example.com'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(second)).toBe('pending');
  });
});

describe('the bulk lane', () => {
  it('sends a password reset queued behind a burst of alerts first, and the alerts after', async () => {
    const alerts = Array.from({ length: 30 }, (_, i) => ({ ...email(`alert-${i}@example.com`), bulk: true }));
    await t.app.mailer.enqueueMany(alerts);
    await t.app.mailer.enqueue(email('reset@example.com'));
    const sent: string[] = [];
    const transport: MailTransport = {
      deliver: async (message) => {
        sent.push(message.to);
        return 'sent';
      },
      close: () => {},
    };
    const worker = new MailWorker(t.app.db, transport, t.app.log, { batchSize: 10 });

    expect(await worker.processDue()).toEqual({ delivered: 31, retrying: 0, failed: 0 });
    // Queued last, sent first, ahead of the alerts queued before it; the alerts in their order.
    expect(sent).toEqual(['reset@example.com', ...alerts.map((alert) => alert.to)]);
  });
});

describe('the mailer plugin outside automated tests', () => {
  it('starts the loop when the app is ready and stops it when the app closes', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const id = await dev.app.mailer.enqueue(email('f@example.com'));
      await waitFor(async () => {
        const [row] = await dev.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        return row?.status === 'caught';
      });
    } finally {
      await dev.close();
    }
  });
});
