import { z } from 'zod';
import { id, pagedResponse } from './common';
import { cappedPageQuery } from './opportunities';

/** The notification centre (API.md "Notifications"). */

export const NOTIFICATION_TYPES = [
  'offer_received',
  'offer_status',
  'moderation',
  'saved_search_match',
  'access_request',
  'access_decision',
  'chat_missed',
  'verification_decision',
  'deal_update',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The email switch each type answers to (profile settings). */
export const EMAIL_SETTING_OF: Record<NotificationType, keyof NotificationSettings['email']> = {
  offer_received: 'offers',
  offer_status: 'offers',
  moderation: 'moderation',
  saved_search_match: 'savedSearches',
  access_request: 'accessRequests',
  access_decision: 'accessRequests',
  chat_missed: 'chat',
  verification_decision: 'moderation',
  // A deal is where an offer leads: its steps follow the offers switch.
  deal_update: 'offers',
};

export const notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** A path in the web app. */
  link: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

/** `cursor` (from `pagination.nextCursor`) walks on from the last page; `page` is then not used. */
export const notificationsQuery = cappedPageQuery
  .extend({
    unread: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false']).optional()),
    cursor: z.string().max(200).optional(),
  })
  .strict();

export const notificationsResponse = pagedResponse(notification).extend({ unreadCount: z.number().int() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const markReadInput = z.object({ ids: z.array(id).min(1).max(100).optional() }).strict();
export const notificationUnreadResponse = z.object({ unreadCount: z.number().int() });

export const notificationSettings = z
  .object({
    email: z
      .object({
        offers: z.boolean(),
        chat: z.boolean(),
        moderation: z.boolean(),
        savedSearches: z.boolean(),
        accessRequests: z.boolean(),
      })
      .strict(),
  })
  .strict();
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The `notification` event of the live stream. */
export interface NotificationEvent {
  notification: Notification;
  unreadCount: number;
}
