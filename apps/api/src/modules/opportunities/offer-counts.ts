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

/** What a deal needs of its listing: the seller, its kind, the asked terms and the sector. */
export interface DealTarget {
  id: number;
  ownerId: number;
  type: 'invest' | 'buy';
  name: string;
  nameAr: string;
  requiredAmount: number;
  offeredPercentage: number;
  businessTypeId: number;
  /** The sector's English name, which picks the due-diligence checklist template. */
  sector: string;
}

export async function findDealTarget(db: Db, opportunityId: number): Promise<DealTarget | undefined> {
  const [row] = await db
    .select({
      id: opportunities.id,
      ownerId: opportunities.submittedBy,
      type: opportunities.type,
      name: opportunities.name,
      nameAr: opportunities.nameAr,
      requiredAmount: opportunities.requiredAmount,
      offeredPercentage: opportunities.offeredPercentage,
      businessTypeId: opportunities.businessTypeId,
      sector: sql<string>`(SELECT name_en FROM business_types WHERE id = ${opportunities.businessTypeId})`,
    })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .limit(1);
  return row;
}

export async function writeDealState(tx: Db, opportunityId: number, state: 'under_offer' | 'closed' | null) {
  await tx.update(opportunities).set({ dealState: state }).where(eq(opportunities.id, opportunityId));
}
