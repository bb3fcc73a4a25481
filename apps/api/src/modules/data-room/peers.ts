import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, type StoredDocument } from '../../db/schema/opportunities';

/**
 * What the data room reads of listings, in this one file (as offers/peers.ts does): the owner, the
 * status and the documents with their confidential flags, and the cards of listings.
 */
export interface RoomListing {
  id: number;
  ownerId: number;
  status: 'pending' | 'approved' | 'suspended' | 'rejected';
  /** Its owner is suspended: nobody may ask for its documents meanwhile. */
  ownerSuspended: boolean;
  name: string;
  nameAr: string;
  documents: StoredDocument[];
  verifiedBuyersOnly: boolean;
}

const columns = {
  id: opportunities.id,
  ownerId: opportunities.submittedBy,
  status: opportunities.status,
  ownerSuspended: opportunities.ownerSuspended,
  name: opportunities.name,
  nameAr: opportunities.nameAr,
  documents: opportunities.documents,
  verifiedBuyersOnly: opportunities.verifiedBuyersOnly,
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

export { cardsById } from '../opportunities/cards';
