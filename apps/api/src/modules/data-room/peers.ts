import { eq, sql } from 'drizzle-orm';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import type { Db } from '../../db/client';
import { opportunities, type StoredDocument } from '../../db/schema/opportunities';
import { toCard } from '../opportunities/mappers';
import { CARD_COLUMNS, CARD_JOINS, type CardRow } from '../opportunities/queries';

/**
 * What the data room reads of listings, in this one file (as offers/peers.ts does): the owner, the
 * status and the documents with their confidential flags.
 */
export interface RoomListing {
  id: number;
  ownerId: number;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  name: string;
  nameAr: string;
  documents: StoredDocument[];
}

const columns = {
  id: opportunities.id,
  ownerId: opportunities.submittedBy,
  status: opportunities.status,
  name: opportunities.name,
  nameAr: opportunities.nameAr,
  documents: opportunities.documents,
};

export async function roomListing(db: Db, opportunityId: number): Promise<RoomListing | null> {
  const [row] = await db
    .select(columns)
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .limit(1);
  return row ?? null;
}

/** Every listing that holds the stored file `key` among its documents. */
export async function listingsHolding(db: Db, key: string): Promise<RoomListing[]> {
  return db
    .select(columns)
    .from(opportunities)
    .where(sql`${opportunities.documents} @> ${JSON.stringify([{ key }])}::jsonb`);
}

/** Listing cards by id, built with the opportunities area's own card query and mapper. */
export async function listingCards(db: Db, ids: number[]): Promise<Map<number, OpportunityCard>> {
  const result = new Map<number, OpportunityCard>();
  if (ids.length === 0) return result;
  const { rows } = (await db.execute(
    sql`SELECT ${CARD_COLUMNS} FROM opportunities o ${CARD_JOINS} WHERE o.id = ANY(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
  )) as unknown as { rows: CardRow[] };
  for (const row of rows) result.set(Number(row.id), toCard(row));
  return result;
}
