import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Language } from '@safqa/shared/constants';
import type {
  Notification,
  NotificationSettings,
  NotificationType,
} from '@safqa/shared/validation/notifications';
import type { Db } from '../../db/client';
import { COUNT_CAP } from '../../lib/paged';
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

/** insertNotification for many, one statement; rows in the order of `inputs`. */
export async function insertNotifications(db: Db, inputs: NewNotification[]): Promise<NotificationRow[]> {
  if (inputs.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      inputs.map((input) => ({
        userId: input.userId,
        type: input.type,
        titleAr: input.title.ar,
        titleEn: input.title.en,
        bodyAr: input.body.ar,
        bodyEn: input.body.en,
        link: input.link,
      })),
    )
    .returning();
  // RETURNING follows the VALUES order in practice but SQL does not promise it: ids are serial.
  return rows.sort((a, b) => a.id - b.id);
}

/** unreadCount of many users in one grouped query (users without any are absent: 0). */
export async function unreadCounts(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * A page of the user's notifications, newest first: after `afterId` (keyset, from the cursor) or at
 * `page`. One row more than the page is read, so the caller knows whether another follows; the
 * total stops counting at COUNT_CAP (an index-only count of at most that many entries).
 */
export async function notificationsPage(
  db: Db,
  userId: number,
  options: { unreadOnly: boolean; page: number; pageSize: number; afterId?: number },
) {
  const where = and(
    eq(notifications.userId, userId),
    options.unreadOnly ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(where, options.afterId === undefined ? undefined : lt(notifications.id, options.afterId)))
      .orderBy(desc(notifications.id))
      .limit(options.pageSize + 1)
      .offset(options.afterId === undefined ? (options.page - 1) * options.pageSize : 0),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(notifications)
        .where(where)
        .limit(COUNT_CAP)
        .as('capped'),
    ),
  ]);
  return { rows, counted: Number(counted?.n ?? 0) };
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

/** emailSwitchesOf for many users in one query. */
export async function emailSwitchesOfMany(
  db: Db,
  userIds: number[],
): Promise<Map<number, NotificationSettings['email']>> {
  const rows = userIds.length
    ? await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds))
    : [];
  const stored = new Map(rows.map((row) => [row.userId, row]));
  return new Map(
    userIds.map((id) => {
      const row = stored.get(id);
      const switches = Object.fromEntries(
        Object.entries(DEFAULT_EMAIL).map(([key, fallback]) => [
          key,
          (row?.[key as keyof typeof DEFAULT_EMAIL] as boolean | null | undefined) ?? fallback,
        ]),
      ) as NotificationSettings['email'];
      return [id, switches];
    }),
  );
}

export async function saveSettings(db: Db, userId: number, email: NotificationSettings['email']) {
  await db
    .insert(notificationSettings)
    .values({ userId, ...email })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...email, updatedAt: sql`now()` } });
}
