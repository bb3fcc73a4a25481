import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  businessTypes,
  cities,
  companyAges,
  companySizes,
  regions,
  sharePercentages,
} from '../schema/lookups';
import { BUSINESS_TYPES } from './data/business-types';
import { CITIES } from './data/cities';
import { COMPANY_AGES, COMPANY_SIZES, SHARE_PERCENTAGES } from './data/company-lookups';
import { REGIONS } from './data/regions';

export interface LookupSeedCounts {
  businessTypes: number;
  regions: number;
  cities: number;
  companyAges: number;
  companySizes: number;
  sharePercentages: number;
}

const LOOKUP_TABLES = [
  'business_types',
  'regions',
  'cities',
  'company_ages',
  'company_sizes',
  'share_percentages',
] as const;

const withOrder = <T>(rows: T[]) => rows.map((row, index) => ({ ...row, sortOrder: index + 1 }));

/**
 * Inserts the lookup rows whose ids are missing, in one transaction. Existing rows are left as they
 * are (ON CONFLICT (id) DO NOTHING), so names an admin edited stay edited; a seeded row an admin
 * deleted comes back at the next start, which keeps the home tiles' fixed ids valid. Afterwards each
 * serial sequence is moved past the largest id, never backwards, so admin inserts do not collide
 * with the explicit ids. Returns how many rows of each kind were inserted.
 */
export async function seedLookups(db: Db): Promise<LookupSeedCounts> {
  return db.transaction(async (tx) => {
    const inserted = async (query: Promise<Array<{ id: number }>>) => (await query).length;
    const counts: LookupSeedCounts = {
      businessTypes: await inserted(
        tx
          .insert(businessTypes)
          .values(withOrder(BUSINESS_TYPES))
          .onConflictDoNothing({ target: businessTypes.id })
          .returning({ id: businessTypes.id }),
      ),
      regions: await inserted(
        tx
          .insert(regions)
          .values(withOrder(REGIONS))
          .onConflictDoNothing({ target: regions.id })
          .returning({ id: regions.id }),
      ),
      cities: await inserted(
        tx
          .insert(cities)
          .values(withOrder(CITIES))
          .onConflictDoNothing({ target: cities.id })
          .returning({ id: cities.id }),
      ),
      companyAges: await inserted(
        tx
          .insert(companyAges)
          .values(withOrder(COMPANY_AGES.map(({ id, nameAr, nameEn }) => ({ id, nameAr, nameEn }))))
          .onConflictDoNothing({ target: companyAges.id })
          .returning({ id: companyAges.id }),
      ),
      companySizes: await inserted(
        tx
          .insert(companySizes)
          .values(withOrder(COMPANY_SIZES.map(({ id, nameAr, nameEn }) => ({ id, nameAr, nameEn }))))
          .onConflictDoNothing({ target: companySizes.id })
          .returning({ id: companySizes.id }),
      ),
      sharePercentages: await inserted(
        tx
          .insert(sharePercentages)
          .values(withOrder(SHARE_PERCENTAGES))
          .onConflictDoNothing({ target: sharePercentages.id })
          .returning({ id: sharePercentages.id }),
      ),
    };
    for (const table of LOOKUP_TABLES) {
      await tx.execute(
        sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST(
          (SELECT COALESCE(MAX(id), 0) FROM ${table}),
          COALESCE(pg_sequence_last_value(pg_get_serial_sequence('${table}', 'id')::regclass), 0),
          1))`),
      );
    }
    return counts;
  });
}
