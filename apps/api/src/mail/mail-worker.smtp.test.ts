import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { mailOutbox } from '../db/schema/mail';
import { SmtpSink } from '../test/smtp-sink';
import { createTestApp, type TestApp } from '../test/test-app';
import { renderEmail } from './render-email';

const PORT = 2525;
let t: TestApp;
let sink: SmtpSink | undefined;

beforeAll(async () => {
  t = await createTestApp({ MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(PORT) });
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(mailOutbox);
});
afterEach(async () => {
  await sink?.stop();
  sink = undefined;
});

async function startSink(delayMs = 0) {
  sink = new SmtpSink(PORT, delayMs);
  await sink.start();
  return sink;
}

async function rowOf(id: number) {
  const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Time passes: the row's retry time is now in the past. */
async function makeDue(id: number) {
  await t.app.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.id, id));
}

function arabicEmail(to: string) {
  return {
    to,
    replyTo: 'visitor@example.com',
    ...renderEmail({
      lang: 'ar',
      subject: 'رسالة جديدة: مطعم في الرياض',
      heading: 'مرحبًا أحمد',
      paragraphs: ['وصلك عرض على فرصتك «مطعم في الرياض».\nنسبة ٢٥٪ مقابل ٥٠٠٬٠٠٠ ريال.'],
      action: { label: 'عرض التفاصيل', url: 'https://safqa.example/opportunities/7' },
    }),
  };
}

describe('SMTP delivery', () => {
  it('delivers an Arabic subject and body intact, as UTF-8, with the outbox headers', async () => {
    const smtp = await startSink();
    const id = await t.app.mailer.enqueue(arabicEmail('owner@example.com'));
    expect(await t.app.mailer.processDue()).toEqual({ delivered: 1, retrying: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    const { parsed } = mail!;
    expect(mail!.envelopeTo).toEqual(['owner@example.com']);
    expect(parsed.subject).toBe('رسالة جديدة: مطعم في الرياض');
    expect(parsed.from?.value).toEqual([{ name: 'Safqa', address: 'no-reply@safqa.local' }]);
    expect(parsed.replyTo?.text).toBe('visitor@example.com');
    expect(parsed.messageId).toMatch(new RegExp(`^<outbox-${id}\\.\\d+@safqa\\.local>$`));
    expect(parsed.text).toContain('وصلك عرض على فرصتك «مطعم في الرياض».\nنسبة ٢٥٪ مقابل ٥٠٠٬٠٠٠ ريال.');
    expect(parsed.html).toContain('<html lang="ar" dir="rtl">');
    expect(parsed.html).toContain('مرحبًا أحمد');
    // On the wire: 7-bit safe encoded words and declared UTF-8 parts, never raw bytes in headers.
    const headerBlock = mail!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headerBlock).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail!.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('carries the one-click unsubscribe headers of an alert to the SMTP server, one line each', async () => {
    const smtp = await startSink();
    const url = 'https://safqa.example/api/saved-searches/unsubscribe?token=5.abc';
    await t.app.mailer.enqueue({
      ...arabicEmail('buyer@example.com'),
      headers: {
        'List-Unsubscribe': `<${url}>\r\nBcc: victim@example.com`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    await t.app.mailer.processDue();
    // Long header lines may be folded on the wire (RFC 5322): unfold before reading them.
    const headerBlock = smtp.received
      .at(-1)!
      .raw.split(/\r?\n\r?\n/)[0]!
      .replace(/\r?\n[ \t]+/g, ' ');
    expect(headerBlock).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(headerBlock).toContain(`List-Unsubscribe: <${url}> Bcc: victim@example.com`);
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    await expect(
      t.app.mailer.enqueue({ ...arabicEmail('x@example.com'), headers: { 'Bad Name': 'x' } }),
    ).rejects.toThrow(/header name/);
  });

  it('keeps a message queued while SMTP is down and delivers it exactly once when it is back', async () => {
    const id = await t.app.mailer.enqueue(arabicEmail('down@example.com'));
    expect(await t.app.mailer.processDue()).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    let row = await rowOf(id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    const waitSeconds = (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(20);
    expect(waitSeconds).toBeLessThanOrEqual(31);

    // Not due yet: nothing is tried again before its time.
    expect(await t.app.mailer.processDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });

    // Second failure doubles the wait.
    await makeDue(id);
    expect((await t.app.mailer.processDue()).retrying).toBe(1);
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    const secondWait = (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(secondWait).toBeGreaterThan(50);
    expect(secondWait).toBeLessThanOrEqual(61);

    const smtp = await startSink();
    await makeDue(id);
    expect(await t.app.mailer.processDue()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(await t.app.mailer.processDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.subject).toBe('رسالة جديدة: مطعم في الرياض');
    expect((await rowOf(id)).status).toBe('sent');

    // The server goes away again after delivering: a new message waits, the old one is not resent.
    await smtp.stop();
    const later = await t.app.mailer.enqueue(arabicEmail('later@example.com'));
    expect((await t.app.mailer.processDue()).retrying).toBe(1);
    const again = await startSink();
    await makeDue(later);
    expect((await t.app.mailer.processDue()).delivered).toBe(1);
    expect(again.received.map((m) => m.envelopeTo[0])).toEqual(['later@example.com']);
  });

  it('retries a row left in `sending` by a worker that died, once its lease has run out', async () => {
    const smtp = await startSink();
    const id = await t.app.mailer.enqueue(arabicEmail('crash@example.com'));
    await t.app.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.id, id));
    // Still leased: another worker keeps its hands off.
    expect((await t.app.mailer.processDue()).delivered).toBe(0);
    await t.app.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect((await t.app.mailer.processDue()).delivered).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never lets two workers deliver one row twice', async () => {
    const smtp = await startSink(30);
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) ids.push(await t.app.mailer.enqueue(arabicEmail(`buyer${i}@example.com`)));

    // A second server process: its own app and worker on the same database.
    const other: FastifyInstance = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const [a, b] = await Promise.all([t.app.mailer.processDue(), other.mailer.processDue()]);
      expect(a.delivered + b.delivered).toBe(16);
      // Both really worked side by side (batches of 10: neither could take everything at once).
      expect(a.delivered).toBeGreaterThan(0);
      expect(b.delivered).toBeGreaterThan(0);
      expect(a.retrying + b.retrying + a.failed + b.failed).toBe(0);
    } finally {
      await other.close();
    }

    const messageIds = smtp.received.map((m) => m.parsed.messageId);
    expect(messageIds).toHaveLength(16);
    expect(new Set(messageIds).size).toBe(16);
    const recipients = smtp.received.map((m) => m.envelopeTo[0]).sort();
    expect(recipients).toEqual(ids.map((_, i) => `buyer${i}@example.com`).sort());
    const rows = await t.app.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
