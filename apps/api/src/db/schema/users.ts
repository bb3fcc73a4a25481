import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businessTypes } from './lookups';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored lower-cased; the unique index on lower(email) also guards writers that forget. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'admin'] })
      .notNull()
      .default('owner'),
    isAdvisor: boolean('is_advisor').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When an admin last approved the user's buyer verification; null: not a verified buyer. */
    buyerVerifiedAt: timestamp('buyer_verified_at', { withTimezone: true }),
    language: text('language', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    /** Suspended by an admin (API.md "Trust and safety"): no sign-in, listings hidden. */
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_advisor_idx')
      .on(t.id)
      .where(sql`${t.isAdvisor}`),
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
  ],
);

export const advisorProfiles = pgTable('advisor_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bio: text('bio').notNull(),
  experienceYears: integer('experience_years').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const advisorBusinessTypes = pgTable(
  'advisor_business_types',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessTypeId: integer('business_type_id')
      .notNull()
      .references(() => businessTypes.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.businessTypeId] }),
    index('advisor_bt_type_idx').on(t.businessTypeId),
  ],
);
