import { sql } from 'drizzle-orm';
import type { AdvisorsQuery } from '@safqa/shared/validation/advisors';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';

export interface AdvisorRow {
  id: number;
  username: string;
  bio: string;
  experience_years: number;
  total: number;
}
export interface AdvisorTypeRow {
  user_id: number;
  id: number;
  name_ar: string;
  name_en: string;
}

/** Advisors are users with an advisor profile and a verified email (accounts writes both), not suspended. */
export function createAdvisorsRepository(db: Db) {
  return {
    async page(businessTypeId: number, query: AdvisorsQuery) {
      const order = sql.raw(
        query.sort === 'newest' ? 'u.created_at DESC, u.id DESC' : 'ap.experience_years DESC, u.id ASC',
      );
      return rows<AdvisorRow>(
        await db.execute(sql`SELECT u.id, u.username, ap.bio, ap.experience_years, count(*) OVER ()::int AS total
          FROM users u
          JOIN advisor_profiles ap ON ap.user_id = u.id
          WHERE u.is_advisor AND u.email_verified_at IS NOT NULL AND u.status = 'active'
            AND EXISTS (SELECT 1 FROM advisor_business_types abt
                        WHERE abt.user_id = u.id AND abt.business_type_id = ${businessTypeId})
          ORDER BY ${order}
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
      );
    },

    /** Whether the user is an advisor a visitor may find (and so message). */
    async isListed(userId: number) {
      const found = rows<{ id: number }>(
        await db.execute(sql`SELECT u.id FROM users u
          JOIN advisor_profiles ap ON ap.user_id = u.id
          WHERE u.id = ${userId} AND u.is_advisor AND u.email_verified_at IS NOT NULL
            AND u.status = 'active'`),
      );
      return found.length > 0;
    },

    async businessTypesOf(userIds: number[]) {
      if (!userIds.length) return [];
      return rows<AdvisorTypeRow>(
        await db.execute(sql`SELECT abt.user_id, bt.id, bt.name_ar, bt.name_en
          FROM advisor_business_types abt
          JOIN business_types bt ON bt.id = abt.business_type_id
          WHERE abt.user_id IN (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          ORDER BY bt.sort_order, bt.id`),
      );
    },
  };
}
