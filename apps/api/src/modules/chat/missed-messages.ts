import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { renderEmail } from '../../mail/render-email';
import { numberLocale } from '../../mail/number-locale';

export const MISSED_SCHEDULE = 'chat.missed-messages';
/** A message unread this long tells its recipient by email... */
export const MISSED_AFTER_MS = 15 * 60 * 1000;
/** ...at most once per chat in this time. */
export const MISSED_EVERY_MS = 60 * 60 * 1000;

interface MissedRow extends Record<string, unknown> {
  chat_id: number;
  recipient_id: number;
  sender_name: string;
  opportunity_id: number;
  name: string;
  name_ar: string;
  unread: number;
}

/**
 * Chats where one side has messages unread for 15 minutes that no earlier email covered, and no
 * email went to that side for this chat in the last hour. Only chats with unread counts are read
 * (two partial indexes); a chat the recipient has open is read as it arrives, so it never shows up.
 */
async function missedChats(db: Db, now: Date): Promise<MissedRow[]> {
  const dueBefore = new Date(now.getTime() - MISSED_AFTER_MS);
  const quietSince = new Date(now.getTime() - MISSED_EVERY_MS);
  const result = (await db.execute(sql`
    SELECT c.id AS chat_id, side.recipient_id, u.username AS sender_name,
      o.id AS opportunity_id, o.name, o.name_ar, side.unread
    FROM chats c
    CROSS JOIN LATERAL (VALUES
      (c.investor_id, c.owner_id, c.investor_unread),
      (c.owner_id, c.investor_id, c.owner_unread)) AS side(recipient_id, sender_id, unread)
    JOIN users u ON u.id = side.sender_id
    JOIN opportunities o ON o.id = c.opportunity_id
    LEFT JOIN chat_missed_emails e ON e.chat_id = c.id AND e.user_id = side.recipient_id
    WHERE (c.investor_unread > 0 OR c.owner_unread > 0) AND side.unread > 0
      AND (e.sent_at IS NULL OR e.sent_at <= ${quietSince})
      AND EXISTS (
        SELECT 1 FROM chat_messages m
        WHERE m.chat_id = c.id AND m.sender_id = side.sender_id AND m.read_at IS NULL
          AND m.created_at <= ${dueBefore}
          AND (e.sent_at IS NULL OR m.created_at > e.sent_at))
    LIMIT 500`)) as unknown as { rows: MissedRow[] };
  return result.rows;
}

/** Claims the email for (chat, recipient): false when another process (or run) just sent one. */
async function claim(tx: Db, chatId: number, userId: number, now: Date): Promise<boolean> {
  const quietSince = new Date(now.getTime() - MISSED_EVERY_MS);
  const result = (await tx.execute(sql`
    INSERT INTO chat_missed_emails (chat_id, user_id, sent_at) VALUES (${chatId}, ${userId}, ${now})
    ON CONFLICT (chat_id, user_id) DO UPDATE SET sent_at = excluded.sent_at
      WHERE chat_missed_emails.sent_at <= ${quietSince}
    RETURNING chat_id`)) as unknown as { rows: unknown[] };
  return result.rows.length === 1;
}

function texts(row: MissedRow) {
  return {
    title: { ar: `رسائل لم تقرأها من ${row.sender_name}`, en: `Unread messages from ${row.sender_name}` },
    body: { ar: row.name_ar, en: row.name },
  };
}

function missedEmail(lang: Language, row: MissedRow, url: string) {
  const count = new Intl.NumberFormat(numberLocale(lang)).format(Number(row.unread));
  return lang === 'ar'
    ? renderEmail({
        lang,
        subject: `لديك رسائل لم تقرأها من ${row.sender_name}`,
        heading: 'رسائل بانتظارك',
        paragraphs: [`أرسل إليك ${row.sender_name} رسائل عن «${row.name_ar}» لم تقرأها بعد (${count}).`],
        action: { label: 'فتح المحادثة', url },
      })
    : renderEmail({
        lang,
        subject: `You have unread messages from ${row.sender_name}`,
        heading: 'Messages are waiting for you',
        paragraphs: [
          `${row.sender_name} wrote to you about “${row.name}” and you have not read it yet (${count}).`,
        ],
        action: { label: 'Open the chat', url },
      });
}

/** The missed-message email (API.md "Notifications"), checked every minute on app.jobs. */
export function registerMissedMessages(app: FastifyInstance) {
  app.jobs.every(MISSED_SCHEDULE, 60 * 1000, async ({ now }) => {
    for (const row of await missedChats(app.db, now)) {
      await app.db.transaction(async (tx: Db) => {
        if (!(await claim(tx, Number(row.chat_id), Number(row.recipient_id), now))) return;
        const link = `/profile/chats/${row.chat_id}`;
        await app.notifier.notify(tx, {
          userId: Number(row.recipient_id),
          type: 'chat_missed',
          ...texts(row),
          link,
          email: (lang) => missedEmail(lang, row, `${app.config.publicUrl}${link}`),
        });
      });
    }
  });
}
