import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businessTypes, cities, companyAges, companySizes, regions } from './lookups';
import type { StoredDocument, StoredImage } from '../stored-files';
import { users } from './users';

/** PostgreSQL's tsvector, read as its text form (only search reads it, inside SQL). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const opportunities = pgTable(
  'opportunities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull(),
    type: text('type', { enum: ['invest', 'buy'] })
      .notNull()
      .default('invest'),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'suspended', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    /**
     * A deal on it (API.md "Deals"): 'under_offer' while one is past its letter of intent, 'closed'
     * once one closed (sold or funded: out of search and alerts); null otherwise. Set by the deals
     * area through the opportunities service.
     */
    dealState: text('deal_state', { enum: ['under_offer', 'closed'] }),
    isVerified: boolean('is_verified').notNull().default(false),
    /**
     * Its owner is suspended: hidden from everyone but the owner and admins whatever its status, which
     * is kept as it was so that reinstating the owner shows it again.
     */
    ownerSuspended: boolean('owner_suspended').notNull().default(false),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    businessTypeId: integer('business_type_id')
      .notNull()
      .references(() => businessTypes.id, { onDelete: 'restrict' }),
    companyAgeId: integer('company_age_id').references(() => companyAges.id, { onDelete: 'restrict' }),
    companySizeId: integer('company_size_id').references(() => companySizes.id, { onDelete: 'restrict' }),
    offeredPercentage: numeric('offered_percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    requiredAmount: bigint('required_amount', { mode: 'number' }).notNull(),
    negotiable: boolean('negotiable').notNull().default(false),
    waitForHighestOffer: boolean('wait_for_highest_offer').notNull().default(false),
    /** Offers, access requests and new chats only from verified buyers (API.md "Trust and safety"). */
    verifiedBuyersOnly: boolean('verified_buyers_only').notNull().default(false),
    /** When verifiedBuyersOnly was last turned on (null while off): chats opened since are refused. */
    verifiedBuyersOnlySince: timestamp('verified_buyers_only_since', { withTimezone: true }),
    ebitda: bigint('ebitda', { mode: 'number' }).notNull(),
    yearlySales: bigint('yearly_sales', { mode: 'number' }).notNull(),
    yearlyOperationalCost: bigint('yearly_operational_cost', { mode: 'number' }).notNull(),
    expectedYearProfitPercentage: numeric('expected_year_profit_percentage', {
      precision: 6,
      scale: 2,
      mode: 'number',
    }).notNull(),
    /** Number of workers (SPEC.md calls it facility size). */
    facilitySize: integer('facility_size').notNull(),
    facilityFoundationDay: date('facility_foundation_day', { mode: 'string' }).notNull(),
    employeesCount: integer('employees_count'),
    branchesCount: integer('branches_count'),
    contactMemberName: text('contact_member_name'),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email'),
    extraDetails: text('extra_details'),
    images: jsonb('images').$type<StoredImage[]>().notNull().default([]),
    documents: jsonb('documents').$type<StoredDocument[]>().notNull().default([]),
    logo: text('logo'),
    /** normaliseArabic() of both names and both descriptions; trigram-indexed for search. */
    searchText: text('search_text').notNull().default(''),
    /**
     * Stemmed words of search_text in Arabic and in English, stored so that filtering rows by words
     * costs a lookup rather than a to_tsvector() call per row (docs/search-tuning.md).
     */
    searchVectorAr: tsvector('search_vector_ar').generatedAlwaysAs(
      sql`to_tsvector('arabic'::regconfig, search_text)`,
    ),
    searchVectorEn: tsvector('search_vector_en').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, search_text)`,
    ),
    viewsCount: integer('views_count').notNull().default(0),
    favoritesCount: integer('favorites_count').notNull().default(0),
    offersCount: integer('offers_count').notNull().default(0),
    submittedBy: integer('submitted_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    const listedForSearch = sql`${t.status} = 'approved' AND NOT ${t.ownerSuspended} AND ${t.dealState} IS DISTINCT FROM 'closed'`;
    return [
      // The moderation tabs' keyset orders (migration 0032): pending by creation, the others by change.
      index('opportunities_status_created_idx').on(t.status, t.createdAt, t.id),
      index('opportunities_status_updated_idx').on(t.status, t.updatedAt, t.id),
      index('opportunities_submitted_by_idx').on(t.submittedBy),
      // Not declared here, as drizzle cannot say INCLUDE: opportunities_sector_figures_idx and
      // opportunities_visibility_idx (migration 0037), index-only reads of many scattered listings.
      // Category tile plus place (the usual search filters) in one index; its prefix serves the FK checks.
      index('opportunities_type_place_idx').on(t.businessTypeId, t.regionId, t.cityId),
      index('opportunities_region_city_idx').on(t.regionId, t.cityId),
      // The same for search alone: a filtered browse counts its matches from the index (migration 0035).
      index('opportunities_listed_type_place_idx')
        .on(t.businessTypeId, t.regionId, t.cityId)
        .where(listedForSearch),
      // Public search reads approved rows only: partial indexes keep them small (docs/search-tuning.md).
      index('opportunities_search_trgm_idx')
        .using('gin', sql`${t.searchText} gin_trgm_ops`)
        .where(sql`${t.status} = 'approved'`),
      index('opportunities_search_ar_fts_idx')
        .using('gin', t.searchVectorAr)
        .where(sql`${t.status} = 'approved'`),
      index('opportunities_search_en_fts_idx')
        .using('gin', t.searchVectorEn)
        .where(sql`${t.status} = 'approved'`),
      // Search's orders: exactly the rows search shows (queries.ts searchConditions), so a deep page
      // reads no table row to filter (migration 0035).
      index('opportunities_approved_created_idx').on(t.createdAt, t.id).where(listedForSearch),
      // The "popular" sort's leading key (queries.ts ENGAGEMENT); views are left out on purpose.
      index('opportunities_approved_engagement_idx')
        .on(sql`(3 * ${t.favoritesCount} + 5 * ${t.offersCount}) DESC`)
        .where(listedForSearch),
      index('opportunities_approved_amount_idx').on(t.requiredAmount, t.id).where(listedForSearch),
    ];
  },
);

export const opportunityStatusHistory = pgTable(
  'opportunity_status_history',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opportunity_status_history_opp_idx').on(t.opportunityId)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.opportunityId] }),
    index('favorites_opp_idx').on(t.opportunityId),
  ],
);

/** One row per day and opportunity: the top list ranks by recent views without a row per hit. */
export const opportunityDailyViews = pgTable(
  'opportunity_daily_views',
  {
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.day] })],
);

/**
 * Who viewed a listing on which day (API.md "Insights"): one row per viewer per listing per day, so a
 * view counts once however often the page is opened. `viewer` is `u:<user id>` for a signed-in user
 * or `v:<random cookie>` for a visitor; bots and the owner never get a row.
 */
export const opportunityViewers = pgTable(
  'opportunity_viewers',
  {
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.opportunityId, t.day, t.viewer] })],
);

/**
 * How many viewers of a listing were counted from one address on one day (lib/viewer.ts): a view is
 * counted only while this stays under VIEWERS_PER_ADDRESS, so one machine cannot add views (or reorder
 * the top list) with as many visitor cookies as it cares to collect. `address` is a keyed hash, never
 * the address itself; rows older than yesterday are pruned daily.
 */
export const opportunityViewAddresses = pgTable(
  'opportunity_view_addresses',
  {
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.opportunityId, t.day, t.address] }),
    index('opportunity_view_addresses_day_idx').on(t.day),
  ],
);
