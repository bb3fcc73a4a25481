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
import { opportunities } from './opportunities';
import { users } from './users';

/**
 * An investor's request to see a listing's confidential documents (API.md "Data room"). One request per
 * (listing, requester): the unique index is what answers a second request 409 under concurrency.
 * `decidedAt` is the time of the last decision (approve, decline or revoke).
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'revoked'] })
      .notNull()
      .default('pending'),
    /** When the requester accepted the confidentiality undertaking (required to create the row). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_requests_opp_requester_idx').on(t.opportunityId, t.requesterId),
    index('access_requests_requester_idx').on(t.requesterId, t.createdAt),
  ],
);

/** Every download of a confidential document, for the owner's "who opened what and when". */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Storage key and the name shown at the time: the listing's document list may change later. */
    documentKey: text('document_key').notNull(),
    documentName: text('document_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_downloads_opp_idx').on(t.opportunityId, t.createdAt)],
);
