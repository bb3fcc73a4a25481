import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * Reports of a listing, a user or a chat message (API.md "Trust and safety"). The target is named by
 * type and id without a foreign key, so a report outlives what it reported. One open report per
 * reporter and target, held by the partial unique index (not only by a check before the insert).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: ['opportunity', 'user', 'message'] }).notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason', { enum: ['fraud', 'spam', 'inappropriate', 'other'] }).notNull(),
    details: text('details').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    action: text('action', { enum: ['none', 'suspend_opportunity', 'suspend_user', 'remove_message'] }),
    note: text('note'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // The queue's keyset orders (migration 0032): open by creation, decided by decision.
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reports_status_decided_idx')
      .on(t.status, t.decidedAt, t.id)
      .where(sql`${t.status} <> 'open'`),
  ],
);
