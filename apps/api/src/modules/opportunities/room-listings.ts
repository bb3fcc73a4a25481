import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities } from '../../db/schema/opportunities';
import type { StoredDocument } from '../../db/stored-files';

/**
 * What the data room reads and writes of listings, in this one file (as offer-counts.ts does for
 * offers and deals): the owner, the status and the documents with their confidential flags. The data
 * room reaches it through `app.opportunities.room`, never the table.
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

export function createRoomListings(db: Db) {
  return {
    async find(opportunityId: number): Promise<RoomListing | null> {
      const [row] = await db
        .select(columns)
        .from(opportunities)
        .where(eq(opportunities.id, opportunityId))
        .limit(1);
      return row ?? null;
    },

    /** Every listing that holds the stored file `key` among its documents. */
    holding(key: string): Promise<RoomListing[]> {
      return db
        .select(columns)
        .from(opportunities)
        .where(sql`${opportunities.documents} @> ${JSON.stringify([{ key }])}::jsonb`);
    },

    /** The ids of every listing of one owner (the requests received on all of them). */
    async idsOwnedBy(ownerId: number): Promise<number[]> {
      const found = await db
        .select({ id: opportunities.id })
        .from(opportunities)
        .where(eq(opportunities.submittedBy, ownerId));
      return found.map((row) => row.id);
    },

    /**
     * Appends a confidential document to the owner's listing in one statement (status, dates and
     * public fields untouched), unless the listing already holds `max` documents or any listing holds
     * this file: two concurrent adds cannot both take the last place. False when nothing was written.
     */
    async appendDocument(
      opportunityId: number,
      ownerId: number,
      document: StoredDocument,
      max: number,
    ): Promise<boolean> {
      const held = JSON.stringify([{ key: document.key }]);
      const [row] = await db
        .update(opportunities)
        .set({
          documents: sql`${opportunities.documents} || jsonb_build_array(${JSON.stringify(document)}::jsonb)`,
        })
        .where(
          and(
            eq(opportunities.id, opportunityId),
            eq(opportunities.submittedBy, ownerId),
            sql`jsonb_array_length(${opportunities.documents}) < ${max}`,
            sql`NOT EXISTS (SELECT 1 FROM opportunities h WHERE h.documents @> ${held}::jsonb)`,
          ),
        )
        .returning({ id: opportunities.id });
      return Boolean(row);
    },

    /** Takes the confidential document `key` off the listing (order of the others kept); false if it has none. */
    async dropConfidentialDocument(opportunityId: number, key: string): Promise<boolean> {
      const held = JSON.stringify([{ key, confidential: true }]);
      const [row] = await db
        .update(opportunities)
        .set({
          documents: sql`(SELECT coalesce(jsonb_agg(e.d ORDER BY e.n), '[]'::jsonb)
            FROM jsonb_array_elements(${opportunities.documents}) WITH ORDINALITY AS e(d, n)
            WHERE e.d->>'key' <> ${key})`,
        })
        .where(and(eq(opportunities.id, opportunityId), sql`${opportunities.documents} @> ${held}::jsonb`))
        .returning({ id: opportunities.id });
      return Boolean(row);
    },
  };
}
