import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities } from '../../db/schema/opportunities';

/**
 * A listing's owner, status and names, by id in one batch and whatever its status now, for the areas
 * that show a listing beside their own rows and decide by its owner (chat, the reports queue). They
 * reach it through `app.opportunities.summaries`.
 */
export interface OpportunitySummary {
  id: number;
  ownerId: number;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  ownerSuspended: boolean;
  opportunityName: string;
  opportunityNameAr: string;
  logo: string | null;
  /** When "verified buyers only" was turned on; null while it is off (the chat area's rule). */
  verifiedBuyersOnlySince: Date | null;
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
      verifiedBuyersOnlySince: opportunities.verifiedBuyersOnlySince,
    })
    .from(opportunities)
    .where(inArray(opportunities.id, [...new Set(ids)]));
  for (const row of rows) result.set(row.id, row);
  return result;
}
