import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64. */
  content: string;
}

/**
 * Outbox: every email is a row first. The worker claims due rows (FOR UPDATE SKIP LOCKED), sends,
 * and marks them sent; failures back off exponentially. With MAIL_TRANSPORT=outbox rows are marked
 * `caught` instead of sent and shown by /api/dev/mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    /** Optional Reply-To (the contact form puts the visitor's address here). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /** Extra header lines, e.g. List-Unsubscribe of saved-search alerts (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Files sent with it (a signed letter of intent), base64; most emails have none. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    /**
     * Sent to many at once (saved-search alerts): claimed only after every due transactional email
     * (resets, codes, offers), so a burst of alerts cannot delay the mail a person is waiting for.
     */
    bulk: boolean('bulk').notNull().default(false),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'caught', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_lane_due_idx').on(t.status, t.bulk, t.nextAttemptAt, t.id),
    index('mail_outbox_to_idx').on(t.to),
  ],
);
