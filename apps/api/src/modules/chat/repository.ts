import { and, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { chatMessages, chats } from '../../db/schema/chat';

/** SQL of the chat area. `Db` may be the database or an open transaction. */

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export interface LastMessageRow {
  chatId: number;
  body: string;
  senderId: number;
  createdAt: Date;
}

export async function findChat(db: Db, chatId: number): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  return row;
}

/** Creates the chat of (opportunity, investor, owner) unless it exists; `created` tells which happened. */
export async function findOrCreateChat(
  db: Db,
  values: { opportunityId: number; investorId: number; ownerId: number },
): Promise<{ chat: ChatRow; created: boolean }> {
  const [inserted] = await db
    .insert(chats)
    .values(values)
    .onConflictDoNothing({ target: [chats.opportunityId, chats.investorId, chats.ownerId] })
    .returning();
  if (inserted) return { chat: inserted, created: true };
  const [existing] = await db
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.opportunityId, values.opportunityId),
        eq(chats.investorId, values.investorId),
        eq(chats.ownerId, values.ownerId),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('chat vanished between insert and select');
  return { chat: existing, created: false };
}

/** The chat about an opportunity in which `a` and `b` take part, whichever of them wrote first. */
export async function chatBetween(
  db: Db,
  opportunityId: number,
  a: number,
  b: number,
): Promise<ChatRow | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(
      and(
        eq(chats.opportunityId, opportunityId),
        or(
          and(eq(chats.investorId, a), eq(chats.ownerId, b)),
          and(eq(chats.investorId, b), eq(chats.ownerId, a)),
        ),
      ),
    )
    .orderBy(chats.id)
    .limit(1);
  return row;
}

/** The newest message of each chat, one index probe per chat. */
export async function lastMessages(db: Db, chatIds: number[]): Promise<Map<number, LastMessageRow>> {
  const result = new Map<number, LastMessageRow>();
  if (chatIds.length === 0) return result;
  type Row = { chat_id: number; body: string; sender_id: number; created_at: Date | string };
  const found = rows<Row>(
    await db.execute(
      sql`SELECT c.id AS chat_id, CASE WHEN m.removed_at IS NULL THEN m.body ELSE '' END AS body, m.sender_id, m.created_at
        FROM unnest(${`{${chatIds.join(',')}}`}::int[]) AS c(id)
        JOIN LATERAL (
          SELECT body, sender_id, created_at, removed_at FROM ${chatMessages}
          WHERE ${chatMessages.chatId} = c.id ORDER BY ${chatMessages.id} DESC LIMIT 1
        ) m ON true`,
    ),
  );
  for (const row of found) {
    result.set(Number(row.chat_id), {
      chatId: Number(row.chat_id),
      body: row.body,
      senderId: Number(row.sender_id),
      createdAt: new Date(row.created_at),
    });
  }
  return result;
}

/** A page of history, newest `limit` messages older than `before`, returned oldest first. */
export async function messagesPage(
  db: Db,
  chatId: number,
  before: number | undefined,
  limit: number,
  /** A sender whose messages are left out (one the reader blocked). */
  hiddenSender?: number,
): Promise<MessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        before === undefined ? undefined : lt(chatMessages.id, before),
        hiddenSender === undefined ? undefined : ne(chatMessages.senderId, hiddenSender),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse();
}

/**
 * Stores a message from a participant and announces it, in one statement: the chat row is locked and
 * touched, the recipient's unread count grows, the message is inserted and `announce` (the SSE hub's
 * announcementSql) is handed the recipient and the `new_message` data, with the recipient's unread
 * total over all chats; or nothing happens when the sender is not a participant (null). One
 * statement is one round trip, and the announcement is sent only if the message is committed.
 */
export async function insertAndAnnounceMessage(
  db: Db,
  chatId: number,
  senderId: number,
  body: string,
  announce: (recipientIds: SQL, data: SQL) => SQL,
): Promise<{ message: MessageRow; recipientId: number; announced: boolean } | null> {
  type Row = {
    id: number | string;
    chat_id: number;
    sender_id: number;
    body: string;
    created_at: string;
    recipient_id: number;
    announced: boolean;
  };
  // created_at in the ISO form toISOString() gives (milliseconds, UTC), once, for the answer and the
  // announcement alike.
  const found = rows<Row>(
    await db.execute(sql`
    WITH bumped AS (
      UPDATE ${chats}
      SET updated_at = now(),
          investor_unread = investor_unread + (CASE WHEN owner_id = ${senderId} THEN 1 ELSE 0 END),
          owner_unread = owner_unread + (CASE WHEN investor_id = ${senderId} THEN 1 ELSE 0 END)
      WHERE id = ${chatId} AND (investor_id = ${senderId} OR owner_id = ${senderId})
      RETURNING id,
        CASE WHEN investor_id = ${senderId} THEN owner_id ELSE investor_id END AS recipient_id,
        CASE WHEN investor_id = ${senderId} THEN owner_unread ELSE investor_unread END AS recipient_unread
    ), inserted AS (
      INSERT INTO ${chatMessages} (chat_id, sender_id, body)
      SELECT id, ${senderId}, ${body} FROM bumped
      RETURNING id, chat_id, sender_id, body,
        to_char(date_trunc('milliseconds', created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          AS created_at
    ), stored AS (
      -- This chat's new count, and the other chats' counts as this statement sees them.
      SELECT inserted.*, bumped.recipient_id,
        bumped.recipient_unread + (
          SELECT coalesce(sum(other.investor_unread), 0) FROM ${chats} AS other
          WHERE other.investor_id = bumped.recipient_id AND other.investor_unread > 0 AND other.id <> bumped.id
        ) + (
          SELECT coalesce(sum(other.owner_unread), 0) FROM ${chats} AS other
          WHERE other.owner_id = bumped.recipient_id AND other.owner_unread > 0 AND other.id <> bumped.id
        ) AS recipient_total
      FROM inserted, bumped
    )
    SELECT stored.id, stored.chat_id, stored.sender_id, stored.body, stored.created_at, stored.recipient_id,
      ${announce(
        sql`json_build_array(stored.recipient_id)`,
        sql`json_build_object(
          'chatId', stored.chat_id,
          'message', json_build_object('id', stored.id, 'chatId', stored.chat_id, 'senderId', stored.sender_id,
            'body', stored.body, 'removed', false, 'createdAt', stored.created_at, 'readAt', NULL),
          'unreadCount', stored.recipient_total)`,
      )} AS announced
    FROM stored`),
  );
  const row = found[0];
  if (!row) return null;
  return {
    message: {
      id: Number(row.id),
      chatId: Number(row.chat_id),
      senderId: Number(row.sender_id),
      body: row.body,
      createdAt: new Date(row.created_at),
      readAt: null,
      removedAt: null,
    },
    recipientId: Number(row.recipient_id),
    announced: row.announced === true,
  };
}

/** Marks the other side's messages read for `readerSide`; returns how many were marked and when. */
export async function markRead(
  db: Db,
  chatId: number,
  readerId: number,
  readerSide: 'investor' | 'owner',
): Promise<{ marked: number; readAt: Date | null }> {
  await db
    .update(chats)
    .set(readerSide === 'investor' ? { investorUnread: 0 } : { ownerUnread: 0 })
    .where(eq(chats.id, chatId));
  const marked = await db
    .update(chatMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(chatMessages.chatId, chatId), ne(chatMessages.senderId, readerId), isNull(chatMessages.readAt)),
    )
    .returning({ readAt: chatMessages.readAt });
  return { marked: marked.length, readAt: marked[0]?.readAt ?? null };
}

/**
 * The user's unread total over every chat they take part in: each side summed over its chats with
 * something unread only, an index-only scan of chats_*_unread_sum_idx (migration 0028).
 */
export async function unreadTotal(db: Db, userId: number): Promise<number> {
  const found = rows<{ total: number | string }>(
    await db.execute(sql`
    SELECT (SELECT coalesce(sum(investor_unread), 0) FROM ${chats}
        WHERE investor_id = ${userId} AND investor_unread > 0)
      + (SELECT coalesce(sum(owner_unread), 0) FROM ${chats}
        WHERE owner_id = ${userId} AND owner_unread > 0) AS total`),
  );
  return Number(found[0]?.total ?? 0);
}

/** The user's chats with `otherId` no longer count as unread for the user; answers how many changed. */
export async function clearUnreadWith(db: Db, userId: number, otherId: number): Promise<number> {
  const asInvestor = await db
    .update(chats)
    .set({ investorUnread: 0 })
    .where(and(eq(chats.investorId, userId), eq(chats.ownerId, otherId), gt(chats.investorUnread, 0)))
    .returning({ id: chats.id });
  const asOwner = await db
    .update(chats)
    .set({ ownerUnread: 0 })
    .where(and(eq(chats.ownerId, userId), eq(chats.investorId, otherId), gt(chats.ownerUnread, 0)))
    .returning({ id: chats.id });
  return asInvestor.length + asOwner.length;
}
