import { integer, numeric, pgTable, serial, text, timestamp, index } from 'drizzle-orm/pg-core';

/** The six admin-managed lookup tables share one shape (+ region on cities, value on share percentages). */
const lookupColumns = {
  id: serial('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const businessTypes = pgTable('business_types', { ...lookupColumns });
export const regions = pgTable('regions', { ...lookupColumns });
export const cities = pgTable(
  'cities',
  {
    ...lookupColumns,
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
  },
  (t) => [index('cities_region_idx').on(t.regionId)],
);
export const companyAges = pgTable('company_ages', { ...lookupColumns });
export const companySizes = pgTable('company_sizes', { ...lookupColumns });
export const sharePercentages = pgTable('share_percentages', {
  ...lookupColumns,
  value: numeric('value', { precision: 5, scale: 2, mode: 'number' }).notNull(),
});
