import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Browsers that signed in to an account successfully (API.md "Account security"). The browser holds
 * a random device token in an httpOnly cookie; only its SHA-256 is stored, once per account, so a
 * device is known to the accounts it signed in to and to no other. A known device is not held by the
 * per-account wait after repeated failures, and a sign-in from an unknown one emails the owner.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('known_devices_user_token_idx').on(t.userId, t.tokenHash),
    index('known_devices_last_seen_idx').on(t.lastSeenAt),
  ],
);
