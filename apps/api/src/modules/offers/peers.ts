import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities } from '../../db/schema/opportunities';
import { toCard } from '../opportunities/mappers';
import { CARD_COLUMNS, CARD_JOINS, type CardRow } from '../opportunities/queries';

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

/** Opportunity cards by id, built with the opportunities area's own card query and mapper. */
export async function opportunityCards(db: Db, ids: number[]): Promise<Map<number, OpportunityCard>> {
  const result = new Map<number, OpportunityCard>();
  if (ids.length === 0) return result;
  const { rows } = (await db.execute(
    sql`SELECT ${CARD_COLUMNS} FROM opportunities o ${CARD_JOINS} WHERE o.id = ANY(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
  )) as unknown as { rows: CardRow[] };
  for (const row of rows) result.set(Number(row.id), toCard(row));
  return result;
}
