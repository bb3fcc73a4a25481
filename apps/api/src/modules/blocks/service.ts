import type { BlockedUser } from '@safqa/shared/validation/blocks';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { SseHub } from '../../plugins/sse-hub';
import { forgetUnreadWith } from '../chat/service';
import { findUserById, usernamesOf } from '../users/service';
import * as repo from './repository';

/**
 * Blocks (API.md "Trust and safety"): a user blocks another; the blocked user can no longer message
 * the blocker nor offer on or ask for the documents of the blocker's listings (403 BLOCKED), and the
 * blocker stops seeing the blocked user's messages. Other areas ask through the functions below.
 */

/** 403 BLOCKED when `ownerId` blocked `actorId`. */
export async function assertNotBlockedBy(db: Db, ownerId: number, actorId: number): Promise<void> {
  if (await repo.hasBlock(db, ownerId, actorId)) throw new AppError(403, 'BLOCKED');
}

/** Ids of the users `userId` blocked (their messages are hidden from `userId`). */
export const blockedBy = (db: Db, userId: number) => repo.blockedIds(db, userId);

async function otherUser(db: Db, userId: number, otherId: number) {
  if (otherId === userId) throw new AppError(400, 'VALIDATION_FAILED', { fields: { id: 'invalid_option' } });
  if (!(await findUserById(db, otherId))) throw new AppError(404, 'NOT_FOUND');
}

/** Blocks `otherId`; their unread messages stop counting in the user's badge, in the same transaction. */
export async function block(db: Db, hub: SseHub, userId: number, otherId: number): Promise<void> {
  await otherUser(db, userId, otherId);
  await db.transaction(async (tx) => {
    await repo.insertBlock(tx, userId, otherId);
    await forgetUnreadWith(tx, hub, userId, otherId);
  });
}

export async function unblock(db: Db, userId: number, otherId: number): Promise<void> {
  await otherUser(db, userId, otherId);
  await repo.deleteBlock(db, userId, otherId);
}

export async function listBlocks(db: Db, userId: number): Promise<BlockedUser[]> {
  const rows = await repo.blocksOf(db, userId);
  const names = await usernamesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    user: { id: row.id, username: names.get(row.id) ?? '' },
    createdAt: row.createdAt.toISOString(),
  }));
}
