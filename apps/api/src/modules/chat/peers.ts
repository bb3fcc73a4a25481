import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema/offers';
import { opportunities } from '../../db/schema/opportunities';
import { users } from '../../db/schema/users';

/**
 * What the chat area needs to know about opportunities and users, read in batches. Kept in this one
 * file so that it can call the opportunities and users services once those areas expose these reads.
 */
export interface OpportunitySummary {
  id: number;
  ownerId: number;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  ownerSuspended: boolean;
  opportunityName: string;
  opportunityNameAr: string;
  logo: string | null;
}

export async function opportunitySummaries(db: Db, ids: number[]): Promise<Map<number, OpportunitySummary>> {
  const result = new Map<number, OpportunitySummary>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      id: opportunities.id,
      ownerId: opportunities.submittedBy,
      status: opportunities.status,
      ownerSuspended: opportunities.ownerSuspended,
      opportunityName: opportunities.name,
      opportunityNameAr: opportunities.nameAr,
      logo: opportunities.logo,
    })
    .from(opportunities)
    .where(inArray(opportunities.id, [...new Set(ids)]));
  for (const row of rows) result.set(row.id, row);
  return result;
}

export async function usernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  for (const row of rows) result.set(row.id, row.username);
  return result;
}

/** Whether the user made at least one offer on the opportunity (the owner may then open a chat). */
export async function hasOffered(db: Db, opportunityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.opportunityId, opportunityId), eq(offers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}
