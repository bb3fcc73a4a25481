import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities } from '../../db/schema/opportunities';

/**
 * What the offers area needs from opportunities and users. Kept in this one file so that it can
 * call those areas' services once they expose these reads and the offers counter.
 */
export interface OfferTarget {
  id: number;
  ownerId: number;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  name: string;
  nameAr: string;
}

export async function offerTarget(db: Db, opportunityId: number): Promise<OfferTarget | undefined> {
  const [row] = await db
    .select({
      id: opportunities.id,
      ownerId: opportunities.submittedBy,
      status: opportunities.status,
      name: opportunities.name,
      nameAr: opportunities.nameAr,
    })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .limit(1);
  return row;
}

/** Keeps opportunities.offers_count (sort by offers, ranking) in step, inside the offer's transaction. */
export async function countOffer(db: Db, opportunityId: number) {
  await db
    .update(opportunities)
    .set({ offersCount: sql`${opportunities.offersCount} + 1` })
    .where(eq(opportunities.id, opportunityId));
}

export { cardsById } from '../opportunities/cards';
