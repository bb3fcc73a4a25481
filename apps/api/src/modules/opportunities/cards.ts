import { sql } from 'drizzle-orm';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { toCard } from './mappers';
import { CARD_COLUMNS, CARD_JOINS, type CardRow } from './queries';

/**
 * Listing cards by id, whatever the listing's status now, for the areas that show a listing's card
 * beside their own rows (offers sent, access requests); they reach it through the service. Ids may
 * repeat; a listing that no longer exists is absent from the map.
 */
export async function cardsById(db: Db, ids: number[]): Promise<Map<number, OpportunityCard>> {
  const result = new Map<number, OpportunityCard>();
  if (ids.length === 0) return result;
  const found = rows<CardRow>(
    await db.execute(
      sql`SELECT ${CARD_COLUMNS} FROM opportunities o ${CARD_JOINS} WHERE o.id = ANY(${`{${[...new Set(ids)].join(',')}}`}::int[])`,
    ),
  );
  for (const row of found) result.set(Number(row.id), toCard(row));
  return result;
}
