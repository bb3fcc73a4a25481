import type { Language } from '@safqa/shared/constants';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import type { Db } from '../../db/client';
import { paged } from '../../lib/paged';
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
    /** A page of the user's notifications in `lang`, newest first, with the unread count. */
    async page(
      userId: number,
      query: { unreadOnly: boolean; page: number; pageSize: number },
      lang: Language,
    ) {
      const { page, pageSize } = query;
      const [{ rows, total }, unread] = await Promise.all([
        repo.notificationsPage(db, userId, query),
        repo.unreadCount(db, userId),
      ]);
      return {
        ...paged(
          rows.map((row) => repo.toNotification(row, lang)),
          page,
          pageSize,
          total,
        ),
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
