import type { BlockedUser } from '@safqa/shared/validation/blocks';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { UsersService } from '../users/service';
import * as repo from './repository';

/**
 * Blocks (API.md "Trust and safety"): a user blocks another; the blocked user can no longer message
 * the blocker nor offer on or ask for the documents of the blocker's listings (403 BLOCKED), and the
 * blocker stops seeing the blocked user's messages. Chat, offers and the data room ask through
 * `assertNotBlockedBy` and `blockedBy`.
 */
export function createBlocksService(deps: {
  db: Db;
  users: Pick<UsersService, 'findById' | 'usernamesOf'>;
  /**
   * The chat area's part of a block, in its transaction: the blocked user's unread messages stop
   * counting in the blocker's badge. A function rather than the chat service, which needs this one.
   */
  forgetUnreadWith: (tx: Db, userId: number, otherId: number) => Promise<void>;
}) {
  const { db, users, forgetUnreadWith } = deps;

  async function otherUser(userId: number, otherId: number) {
    if (otherId === userId)
      throw new AppError(400, 'VALIDATION_FAILED', { fields: { id: 'invalid_option' } });
    if (!(await users.findById(otherId))) throw new AppError(404, 'NOT_FOUND');
  }

  return {
    /** 403 BLOCKED when `ownerId` blocked `actorId`. */
    async assertNotBlockedBy(ownerId: number, actorId: number): Promise<void> {
      if (await repo.hasBlock(db, ownerId, actorId)) throw new AppError(403, 'BLOCKED');
    },

    /** Ids of the users `userId` blocked (their messages are hidden from `userId`). */
    blockedBy: (userId: number) => repo.blockedIds(db, userId),

    /** Blocks `otherId`; their unread messages stop counting in the user's badge, in the same transaction. */
    async block(userId: number, otherId: number): Promise<void> {
      await otherUser(userId, otherId);
      await db.transaction(async (tx) => {
        await repo.insertBlock(tx, userId, otherId);
        await forgetUnreadWith(tx, userId, otherId);
      });
    },

    async unblock(userId: number, otherId: number): Promise<void> {
      await otherUser(userId, otherId);
      await repo.deleteBlock(db, userId, otherId);
    },

    async list(userId: number): Promise<BlockedUser[]> {
      const rows = await repo.blocksOf(db, userId);
      const names = await users.usernamesOf(rows.map((row) => row.id));
      return rows.map((row) => ({
        user: { id: row.id, username: names.get(row.id) ?? '' },
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
