import type { Language } from '@safqa/shared/constants';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import type { Db } from '../../db/client';
import { decodeCursor, nextCursorOf } from '../../lib/keyset-cursor';
import { assertPageReachable, cappedTotal, paged } from '../../lib/paged';
import { AppError } from '../../lib/app-error';
import type { SseHub } from '../../plugins/sse-hub';
import type { UsersService } from '../users/service';
import { createRecipientReader } from './recipient';
import * as repo from './repository';

/**
 * Notifications (API.md "Notifications"): a user's own notifications and email switches. Every
 * method takes the caller's id and nothing else names a user, so nobody reads or marks another's.
 * Writing one (with its email and announcement) is app.notifier's, for every area.
 */
export function createNotificationsService(deps: {
  db: Db;
  hub: SseHub;
  /** The account behind the switches (as the notifier reads it). */
  users: Pick<UsersService, 'contactOf'>;
}) {
  const { db, hub } = deps;
  const recipientOf = createRecipientReader(deps.users);

  /** The email switches as API.md answers them (defaults when never changed). */
  async function settings(userId: number): Promise<NotificationSettings> {
    const recipient = await recipientOf(db, userId);
    return { email: recipient!.settings };
  }

  return {
    /**
     * A page of the user's notifications in `lang`, newest first, with the unread count: at `page`
     * (refused past the 10,000th row), or after `cursor` (keyset on id: notifications arriving
     * meanwhile shift nothing). `total` is capped at 10,000 (`totalCapped`).
     */
    async page(
      userId: number,
      query: { unreadOnly: boolean; page: number; pageSize: number; cursor?: string },
      lang: Language,
    ) {
      const { page, pageSize } = query;
      const after = decodeCursor(query.cursor);
      if (after && typeof after.value !== 'number') {
        throw new AppError(400, 'VALIDATION_FAILED', { fields: { cursor: 'invalid' } });
      }
      if (!after) assertPageReachable(page, pageSize);
      const [{ rows, counted }, unread] = await Promise.all([
        repo.notificationsPage(db, userId, { ...query, afterId: after?.id }),
        repo.unreadCount(db, userId),
      ]);
      const { rows: pageRows, nextCursor } = nextCursorOf(rows, pageSize, (row) => ({
        value: row.id,
        id: row.id,
      }));
      const { total, totalCapped } = cappedTotal(counted);
      const answer = paged(
        pageRows.map((row) => repo.toNotification(row, lang)),
        page,
        pageSize,
        total,
      );
      return {
        data: answer.data,
        pagination: { ...answer.pagination, nextCursor, ...(totalCapped ? { totalCapped } : {}) },
        unreadCount: unread,
      };
    },

    /** Marks the given notifications read (all when `ids` is absent); the user's streams hear the count. */
    async markRead(userId: number, ids: number[] | undefined) {
      return db.transaction(async (tx) => {
        await repo.markRead(tx, userId, ids, new Date());
        const count = await repo.unreadCount(tx, userId);
        // The caller's other tabs and devices update their bell.
        await hub.publish([userId], 'notification_read', { unreadCount: count }, tx);
        return { unreadCount: count };
      });
    },

    settings,

    async saveSettings(userId: number, email: NotificationSettings['email']) {
      await repo.saveSettings(db, userId, email);
      return settings(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
