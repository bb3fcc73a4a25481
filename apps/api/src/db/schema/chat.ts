import {
  bigserial,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { opportunities } from './opportunities';
import { users } from './users';

/**
 * One chat per (opportunity, investor, owner). In a listing's chat the owner side is the listing's
 * owner, copied when the chat is created, so "is this user a participant" is one row read; in an
 * advisor's chat about a listing (issue 22) the owner side is the advisor and the investor side the
 * user who wrote first. Each side's unread count is kept on the
 * row, changed in the same transaction as the message or the read, so the badge total is an index-only
 * sum over the user's chats with something unread rather than a count over all messages.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    investorId: integer('investor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    investorUnread: integer('investor_unread').notNull().default(0),
    ownerUnread: integer('owner_unread').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chats_opportunity_investor_owner_idx').on(t.opportunityId, t.investorId, t.ownerId),
    // A page of a user's chat list, newest first, from each side (migration 0028).
    index('chats_investor_recent_idx').on(t.investorId, t.updatedAt, t.id),
    index('chats_owner_recent_idx').on(t.ownerId, t.updatedAt, t.id),
    // The unread badge: an index-only sum over the chats with something unread.
    index('chats_investor_unread_sum_idx')
      .on(t.investorId, t.investorUnread, t.id)
      .where(sql`${t.investorUnread} > 0`),
    index('chats_owner_unread_sum_idx')
      .on(t.ownerId, t.ownerUnread, t.id)
      .where(sql`${t.ownerUnread} > 0`),
    // The missed-message scan reads only chats with something unread.
    index('chats_investor_unread_idx')
      .on(t.id)
      .where(sql`${t.investorUnread} > 0`),
    index('chats_owner_unread_idx')
      .on(t.id)
      .where(sql`${t.ownerUnread} > 0`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Removed by an admin on a report: both parties see "message removed", never the body. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_messages_chat_id_idx').on(t.chatId, t.id),
    index('chat_messages_unread_idx')
      .on(t.chatId, t.senderId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);
