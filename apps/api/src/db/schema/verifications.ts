import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * A buyer's request to be verified (API.md "Trust and safety"): a proof of funds or an identity
 * document, kept as a private file under `verifications/` (never an upload, never public, never
 * searched). `file_key` is null once the file was removed: the request was rejected, or a newer one
 * was approved. One pending request per user, held by a partial unique index.
 */
export const buyerVerifications = pgTable(
  'buyer_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['proof_of_funds', 'identity'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    fileKey: text('file_key'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    note: text('note'),
    rejectionReason: text('rejection_reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buyer_verifications_one_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('buyer_verifications_user_idx').on(t.userId, t.createdAt),
    index('buyer_verifications_status_idx').on(t.status, t.createdAt),
  ],
);
