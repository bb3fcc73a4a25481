import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userBlocks } from '../../db/schema/blocks';

/** Adds the block; a second one changes nothing. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

export async function hasBlock(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .limit(1);
  return row !== undefined;
}

/** Ids of the users `blockerId` blocked. */
export async function blockedIds(db: Db, blockerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, blockerId));
  return new Set(rows.map((row) => row.id));
}

export async function blocksOf(db: Db, blockerId: number) {
  return db
    .select({ id: userBlocks.blockedId, createdAt: userBlocks.createdAt })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId));
}
