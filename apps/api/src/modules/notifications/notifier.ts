import type { Language } from '@safqa/shared/constants';
import { EMAIL_SETTING_OF, type NotificationEvent } from '@safqa/shared/validation/notifications';
import type { Db } from '../../db/client';
import type { RenderedEmail } from '../../mail/render-email';
import type { Mailer } from '../../plugins/mailer';
import type { SseHub } from '../../plugins/sse-hub';
import { createRecipientReader, createRecipientsReader, type Recipient } from './recipient';
import {
  insertNotification,
  insertNotifications,
  toNotification,
  unreadCount,
  unreadCounts,
  type NewNotification,
} from './repository';

export interface NotifyInput extends NewNotification {
  /**
   * The email that goes with it, in the recipient's language; sent only when the recipient's switch
   * for this type is on. Absent: the notification centre only (e.g. a daily search between digests).
   */
  email?: (lang: Language) => RenderedEmail & { headers?: Record<string, string> };
  /** Another address than the account's (an offer's decision goes to the email the offer gave). */
  emailTo?: string;
}

export interface Notifier {
  /**
   * Writes the notification, queues its email and announces it on the recipient's live streams, all
   * in `tx`: the three are kept or lost together, and the announcement leaves only at commit.
   * Answers whether the email was queued.
   */
  notify(tx: Db, input: NotifyInput): Promise<{ emailed: boolean }>;
  /**
   * notify for many at once, in a fixed number of statements whatever their count (saved-search
   * alerts to thousands of users). Each event carries the recipient's unread count after all of them.
   */
  notifyMany(tx: Db, inputs: NotifyInput[]): Promise<void>;
  /** A user's address, language and email switches (undefined for an unknown user), read in `db`. */
  recipient(db: Db, userId: number): Promise<Recipient | null>;
}

/**
 * Writes notifications for every area that has something to tell a user (offers, deals, the data
 * room, alerts, moderation): the notifications area's one write path, decorated `app.notifier`.
 */
export function createNotifier(deps: {
  mailer: Pick<Mailer, 'enqueue' | 'enqueueMany'>;
  hub: Pick<SseHub, 'publish' | 'publishMany'>;
  /** The recipient's address and language are the users area's. */
  users: Parameters<typeof createRecipientReader>[0] & Parameters<typeof createRecipientsReader>[0];
}): Notifier {
  const { mailer, hub } = deps;
  const recipientOf = createRecipientReader(deps.users);
  const recipientsOf = createRecipientsReader(deps.users);
  return {
    async notify(tx, input) {
      const recipient = await recipientOf(tx, input.userId);
      if (!recipient) return { emailed: false };
      const row = await insertNotification(tx, input);
      let emailed = false;
      if (input.email && recipient.settings[EMAIL_SETTING_OF[input.type]]) {
        await mailer.enqueue(
          { to: input.emailTo ?? recipient.email, ...input.email(recipient.language) },
          tx,
        );
        emailed = true;
      }
      const event: NotificationEvent = {
        notification: toNotification(row, recipient.language),
        unreadCount: await unreadCount(tx, input.userId),
      };
      await hub.publish([input.userId], 'notification', event, tx);
      return { emailed };
    },
    async notifyMany(tx, inputs) {
      const recipients = await recipientsOf(tx, [...new Set(inputs.map((input) => input.userId))]);
      const known = inputs.filter((input) => recipients.has(input.userId));
      const emails = known.flatMap((input) => {
        const recipient = recipients.get(input.userId)!;
        if (!input.email || !recipient.settings[EMAIL_SETTING_OF[input.type]]) return [];
        // Many at once (a new listing's alerts): the bulk lane, behind mail a person waits for.
        return [{ to: input.emailTo ?? recipient.email, ...input.email(recipient.language), bulk: true }];
      });
      await mailer.enqueueMany(emails, tx);
      const rows = await insertNotifications(tx, known);
      const unread = await unreadCounts(tx, [...recipients.keys()]);
      await hub.publishMany(
        rows.map((row) => ({
          userIds: [row.userId],
          data: {
            notification: toNotification(row, recipients.get(row.userId)!.language),
            unreadCount: unread.get(row.userId) ?? 0,
          } satisfies NotificationEvent,
        })),
        'notification',
        tx,
      );
    },
    recipient: recipientOf,
  };
}
