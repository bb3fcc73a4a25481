import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/mail';
import { contactMessages } from '../db/schema/content';
import { renderEmail } from '../mail/render-email';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.app.db.delete(mailOutbox);
  await t.app.db.delete(contactMessages);
});

const message = () => ({
  to: 'owner@example.com',
  ...renderEmail({ lang: 'ar', subject: 'عرض جديد', heading: 'وصلك عرض', paragraphs: ['تفاصيل العرض'] }),
});

describe('app.mailer.enqueue', () => {
  it('stores a pending row and returns its id', async () => {
    const id = await t.app.mailer.enqueue({ ...message(), replyTo: 'visitor@example.com' });
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({
      id,
      to: 'owner@example.com',
      replyTo: 'visitor@example.com',
      subject: 'عرض جديد',
      status: 'pending',
      attempts: 0,
    });
    expect(row?.html).toContain('dir="rtl"');
  });

  it('queues atomically with the caller transaction: nothing is queued when it rolls back', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.insert(contactMessages).values({ name: 'n', email: 'e@example.com', message: 'm' });
        await t.app.mailer.enqueue(message(), tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.app.db.select().from(mailOutbox)).toHaveLength(0);
    expect(await t.app.db.select().from(contactMessages)).toHaveLength(0);

    const id = await t.app.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values({ name: 'n', email: 'e@example.com', message: 'm' });
      return t.app.mailer.enqueue(message(), tx);
    });
    const rows = await t.app.db.select().from(mailOutbox);
    expect(rows.map((r) => r.id)).toEqual([id]);
  });

  it('refuses a recipient that is not one plain address, and a subject with line breaks stays one line', async () => {
    await expect(t.app.mailer.enqueue({ ...message(), to: 'a@example.com, b@example.com' })).rejects.toThrow(
      /one plain email address/,
    );
    await expect(t.app.mailer.enqueue({ ...message(), to: 'not-an-address' })).rejects.toThrow();
    const id = await t.app.mailer.enqueue({ ...message(), subject: 'a\r\nBcc: x@example.com' });
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.subject).toBe('a Bcc: x@example.com');
  });
});

describe('app.mailer.processDue with MAIL_TRANSPORT=outbox', () => {
  it('marks due rows caught (kept for the mail catcher) and leaves nothing pending', async () => {
    const first = await t.app.mailer.enqueue(message());
    const second = await t.app.mailer.enqueue({ ...message(), to: 'other@example.com' });
    expect(await t.app.mailer.processDue()).toEqual({ delivered: 2, retrying: 0, failed: 0 });
    const rows = await t.app.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.id, r.status, r.attempts])).toEqual([
      [first, 'caught', 1],
      [second, 'caught', 1],
    ]);
    expect(rows.every((r) => r.sentAt instanceof Date && r.lockedUntil === null)).toBe(true);
    expect(await t.app.mailer.processDue()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
  });

  it('drains more rows than one batch in a single call', async () => {
    for (let i = 0; i < 23; i++) await t.app.mailer.enqueue({ ...message(), to: `user${i}@example.com` });
    expect((await t.app.mailer.processDue()).delivered).toBe(23);
  });
});
