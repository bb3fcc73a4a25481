import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities } from '../../db/schema/opportunities';

/** What the offers area needs to know of the listing an offer names. */
export interface OfferTarget {
  id: number;
  ownerId: number;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  /** Its owner is suspended: hidden like a listing that is not approved. */
  ownerSuspended: boolean;
  name: string;
  nameAr: string;
  verifiedBuyersOnly: boolean;
}

export async function findOfferTarget(db: Db, opportunityId: number): Promise<OfferTarget | undefined> {
  const [row] = await db
    .select({
      id: opportunities.id,
      ownerId: opportunities.submittedBy,
      status: opportunities.status,
      ownerSuspended: opportunities.ownerSuspended,
      name: opportunities.name,
      nameAr: opportunities.nameAr,
      verifiedBuyersOnly: opportunities.verifiedBuyersOnly,
    })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .limit(1);
  return row;
}

/** Keeps opportunities.offers_count (sort by offers, ranking) in step, inside the offer's transaction. */
export async function incrementOffersCount(tx: Db, opportunityId: number) {
  await tx
    .update(opportunities)
    .set({ offersCount: sql`${opportunities.offersCount} + 1` })
    .where(eq(opportunities.id, opportunityId));
}
