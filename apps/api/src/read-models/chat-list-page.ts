import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { chatMessages, chats } from '../db/schema/chat';
import { userBlocks } from '../db/schema/blocks';
import { decodeCursor, nextCursorOf } from '../lib/keyset-cursor';
import { AppError } from '../lib/app-error';

type ChatRow = typeof chats.$inferSelect;
interface LastMessageRow {
  chatId: number;
  body: string;
  senderId: number;
  createdAt: Date;
}

/**
 * A page of a user's chat list (API.md GET /api/chat), newest activity first. A read model: the
 * chats and their messages are the chat area's, the blocks that hide some of them the blocks area's,
 * and one statement reads both (docs/architecture.md). The cursor holds the
 * last chat's updated_at at full (microsecond) precision and its id, so the next page is exactly the
 * chats after it: a chat that moves to the top meanwhile is not sent twice, nor does any other shift.
 */

/** updated_at as the cursor holds it: ISO, UTC, microseconds (a JS Date would cut them to ms). */
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export interface ChatPage {
  rows: ChatRow[];
  last: Map<number, LastMessageRow>;
  nextCursor: string | null;
}

/** The keyset of `cursor`; 400 VALIDATION_FAILED when it is forged (never a database error). */
function afterOf(cursor: string | undefined): { at: string; id: number } | undefined {
  const keyset = decodeCursor(cursor);
  if (!keyset) return undefined;
  const at = keyset.value;
  if (typeof at !== 'string' || !CURSOR_AT.test(at) || Number.isNaN(Date.parse(at))) {
    throw new AppError(400, 'VALIDATION_FAILED', { fields: { cursor: 'invalid' } });
  }
  return { at, id: keyset.id };
}

/**
 * One side of the list: the user's chats on that side, after the cursor, without those with someone
 * the user blocked, read backwards along (side, updated_at, id) and stopped after `take` rows.
 */
function side(
  userId: number,
  mine: SQL,
  other: SQL,
  after: { at: string; id: number } | undefined,
  take: number,
) {
  return sql`(SELECT ${chats}.* FROM ${chats}
    WHERE ${mine} = ${userId}
      ${after ? sql`AND (${chats.updatedAt}, ${chats.id}) < (${after.at}::timestamptz, ${after.id})` : sql``}
      AND NOT EXISTS (SELECT 1 FROM ${userBlocks}
        WHERE ${userBlocks.blockerId} = ${userId} AND ${userBlocks.blockedId} = ${other})
    ORDER BY ${chats.updatedAt} DESC, ${chats.id} DESC LIMIT ${take})`;
}

export async function chatPage(
  db: Db,
  userId: number,
  cursor: string | undefined,
  limit: number,
): Promise<ChatPage> {
  const after = afterOf(cursor);
  const take = limit + 1;
  type Row = {
    id: number;
    opportunity_id: number;
    investor_id: number;
    owner_id: number;
    investor_unread: number;
    owner_unread: number;
    created_at: string | Date;
    updated_at: string | Date;
    cursor_at: string;
    m_body: string | null;
    m_sender_id: number | null;
    m_created_at: string | Date | null;
  };
  // Each side stops after `take` rows of its own index; the merge keeps the newest `take`. The last
  // message is looked up only for those (newest id of the chat, on chat_messages (chat_id, id)).
  const found = rows<Row>(
    await db.execute(sql`
    WITH page AS (
      SELECT * FROM (
        ${side(userId, sql`investor_id`, sql`owner_id`, after, take)}
        UNION ALL
        ${side(userId, sql`owner_id`, sql`investor_id`, after, take)}
      ) AS both_sides
      ORDER BY updated_at DESC, id DESC LIMIT ${take}
    )
    SELECT page.*,
      to_char(page.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
      CASE WHEN m.removed_at IS NULL THEN m.body ELSE '' END AS m_body,
      m.sender_id AS m_sender_id, m.created_at AS m_created_at
    FROM page
    LEFT JOIN LATERAL (
      SELECT body, sender_id, created_at, removed_at FROM ${chatMessages}
      WHERE ${chatMessages.chatId} = page.id ORDER BY ${chatMessages.id} DESC LIMIT 1
    ) AS m ON true
    ORDER BY page.updated_at DESC, page.id DESC`),
  );
  const { rows: pageRows, nextCursor } = nextCursorOf(found, limit, (row) => ({
    value: row.cursor_at,
    id: Number(row.id),
  }));
  const last = new Map<number, LastMessageRow>();
  const chatRows = pageRows.map((row): ChatRow => {
    const id = Number(row.id);
    if (row.m_body !== null && row.m_sender_id !== null && row.m_created_at !== null) {
      last.set(id, {
        chatId: id,
        body: row.m_body,
        senderId: Number(row.m_sender_id),
        createdAt: new Date(row.m_created_at),
      });
    }
    return {
      id,
      opportunityId: Number(row.opportunity_id),
      investorId: Number(row.investor_id),
      ownerId: Number(row.owner_id),
      investorUnread: Number(row.investor_unread),
      ownerUnread: Number(row.owner_unread),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    };
  });
  return { rows: chatRows, last, nextCursor };
}
