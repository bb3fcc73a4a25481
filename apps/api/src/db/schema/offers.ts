import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

export interface StoredOfferReasons {
  wantsOffer: boolean;
  knowRegulations: boolean;
  moreFinancial: boolean;
  moreOperational: boolean;
}

/** An investor's offer on an opportunity; the owner sets the status once (new -> accepted | declined). */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    /** The address proven by the one-time code. */
    email: text('email').notNull(),
    reasons: jsonb('reasons').$type<StoredOfferReasons>().notNull(),
    message: text('message').notNull(),
    amount: bigint('amount', { mode: 'number' }),
    status: text('status', { enum: ['new', 'accepted', 'declined'] })
      .notNull()
      .default('new'),
    /** The owner's optional note to the investor with the decision; seen only by the two of them. */
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offers_opportunity_created_idx').on(t.opportunityId, t.createdAt),
    index('offers_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * One-time codes of the offer form: only an HMAC of the code is kept. A code belongs to one user,
 * opportunity and email; it dies when used, after 5 wrong tries, after 10 minutes, or when a newer
 * code replaces it. Rows also serve the per-email hourly limit.
 */
export const offerCodes = pgTable(
  'offer_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offer_codes_email_created_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('offer_codes_user_created_idx').on(t.userId, t.createdAt),
  ],
);
