import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '@safqa/shared/constants';
import type {
  Notification,
  NotificationSettings,
  NotificationType,
} from '@safqa/shared/validation/notifications';
import type { Db } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema/alerts';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: Record<Language, string>;
  body: Record<Language, string>;
  link: string;
}

export function toNotification(row: NotificationRow, lang: Language): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: lang === 'ar' ? row.titleAr : row.titleEn,
    body: lang === 'ar' ? row.bodyAr : row.bodyEn,
    link: row.link,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertNotification(db: Db, input: NewNotification): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      titleAr: input.title.ar,
      titleEn: input.title.en,
      bodyAr: input.body.ar,
      bodyEn: input.body.en,
      link: input.link,
    })
    .returning();
  return row!;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function notificationsPage(
  db: Db,
  userId: number,
  options: { unreadOnly: boolean; page: number; pageSize: number },
) {
  const where = and(
    eq(notifications.userId, userId),
    options.unreadOnly ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Marks the user's notifications read: the given ids (others' ids are ignored), or all. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}

const DEFAULT_EMAIL: NotificationSettings['email'] = {
  offers: true,
  chat: true,
  moderation: true,
  savedSearches: true,
  accessRequests: true,
};

/** The user's email switches (the defaults for those never changed). */
export async function emailSwitchesOf(db: Db, userId: number): Promise<NotificationSettings['email']> {
  const [row] = await db
    .select({
      offers: notificationSettings.offers,
      chat: notificationSettings.chat,
      moderation: notificationSettings.moderation,
      savedSearches: notificationSettings.savedSearches,
      accessRequests: notificationSettings.accessRequests,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return Object.fromEntries(
    Object.entries(DEFAULT_EMAIL).map(([key, fallback]) => [key, row?.[key as keyof typeof row] ?? fallback]),
  ) as NotificationSettings['email'];
}

export async function saveSettings(db: Db, userId: number, email: NotificationSettings['email']) {
  await db
    .insert(notificationSettings)
    .values({ userId, ...email })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...email, updatedAt: sql`now()` } });
}
