import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import { offers } from './offers';
import { opportunities } from './opportunities';
import { users } from './users';

/**
 * A deal: opened when an owner accepts an offer, between the owner (seller) and the offer's author
 * (buyer). Stages: loi -> due_diligence -> closing -> closed, or cancelled (API.md "Deals").
 */
export const deals = pgTable(
  'deals',
  {
    id: serial('id').primaryKey(),
    /**
     * Null once the listing is deleted (migration 0027): a deal is a record both parties rely on, so
     * it outlives its listing with the card it had then (`listing`), and its offer likewise.
     */
    opportunityId: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'set null' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The listing's card as it was when the listing was deleted; null while the listing exists. */
    listing: jsonb('listing').$type<OpportunityCard>(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The accepted offer's amount and time, as the deal began from them. */
    offerAmount: bigint('offer_amount', { mode: 'number' }),
    offerMadeAt: timestamp('offer_made_at', { withTimezone: true }).notNull(),
    stage: text('stage', { enum: ['loi', 'due_diligence', 'closing', 'closed', 'cancelled'] })
      .notNull()
      .default('loi'),
    /** When each party asked to close (closed needs both). */
    sellerClosingAt: timestamp('seller_closing_at', { withTimezone: true }),
    buyerClosingAt: timestamp('buyer_closing_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    dueDiligenceEndsAt: timestamp('due_diligence_ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deals_offer_idx').on(t.offerId),
    index('deals_seller_idx').on(t.sellerId, t.updatedAt),
    index('deals_buyer_idx').on(t.buyerId, t.updatedAt),
    index('deals_opportunity_idx').on(t.opportunityId),
  ],
);

/** Versions of a deal's letter of intent; each is signed at most once by each party. */
export const dealLois = pgTable(
  'deal_lois',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    exclusivityDays: integer('exclusivity_days').notNull(),
    dueDiligenceDays: integer('due_diligence_days').notNull(),
    conditions: text('conditions').notNull(),
    proposedBy: text('proposed_by', { enum: ['seller', 'buyer'] }).notNull(),
    sellerSignature: text('seller_signature'),
    sellerSignedAt: timestamp('seller_signed_at', { withTimezone: true }),
    buyerSignature: text('buyer_signature'),
    buyerSignedAt: timestamp('buyer_signed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deal_lois_version_idx').on(t.dealId, t.version)],
);

export interface StoredDealDocument {
  uploadId: number;
  key: string;
  name: string;
}

/** The due-diligence checklist: each item belongs to one side, with an optional due date. */
export const dealChecklistItems = pgTable(
  'deal_checklist_items',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** The English title of an item from a sector template; null when a party wrote the item. */
    titleEn: text('title_en'),
    side: text('side', { enum: ['seller', 'buyer'] }).notNull(),
    status: text('status', { enum: ['open', 'done', 'not_applicable'] })
      .notNull()
      .default('open'),
    dueDate: date('due_date', { mode: 'string' }),
    note: text('note'),
    documents: jsonb('documents').$type<StoredDealDocument[]>().notNull().default([]),
    /** The last UTC day its side was reminded that it is overdue (once a day). */
    remindedOn: date('reminded_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_checklist_deal_idx').on(t.dealId, t.id),
    index('deal_checklist_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** The timeline: one row per step, never changed. */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_events_deal_idx').on(t.dealId, t.id)],
);
