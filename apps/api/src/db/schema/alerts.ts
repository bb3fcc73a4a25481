import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { chats } from './chat';
import { opportunities } from './opportunities';
import { users } from './users';

/** A user's saved filters (API.md "Saved searches"); `query` holds the validated filter object. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: jsonb('query').notNull(),
    frequency: text('frequency', { enum: ['instant', 'daily', 'off'] }).notNull(),
    /** When the owner last opened it: matches after this are "new". */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One row per (search, listing) ever matched: the primary key is what makes "never the same listing
 * twice to one search" hold under retries and several processes. `notifiedAt` stays null until the
 * listing went out in an instant email or a daily digest (or never will: frequency off).
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.opportunityId] }),
    index('saved_search_matches_pending_idx')
      .on(t.savedSearchId)
      .where(sql`${t.notifiedAt} IS NULL`),
  ],
);

/** The notification centre. Texts are kept in both languages; the reader's language picks one. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    titleAr: text('title_ar').notNull(),
    titleEn: text('title_en').notNull(),
    bodyAr: text('body_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    /** A path inside the web app (never a full URL). */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    // The unread count, and unread-only pages newest first (migration 0028).
    index('notifications_unread_recent_idx')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** Which notification types also send an email; no row means every type does. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  offers: boolean('offers').notNull().default(true),
  chat: boolean('chat').notNull().default(true),
  moderation: boolean('moderation').notNull().default(true),
  savedSearches: boolean('saved_searches').notNull().default(true),
  accessRequests: boolean('access_requests').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last "you have unread messages" email per (chat, recipient): at most one an hour, and only
 * about messages sent after the previous one.
 */
export const chatMissedEmails = pgTable(
  'chat_missed_emails',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] })],
);
