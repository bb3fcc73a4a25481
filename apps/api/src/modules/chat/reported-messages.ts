import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, chats } from '../../db/schema/chat';
import type { OpportunitiesService } from '../opportunities/service';
import type { UsersService } from '../users/service';

/** What the reports area needs of chat messages: who may report one, its summary, its removal. */

export interface ReportableMessage {
  id: number;
  senderId: number;
}

/**
 * The message if `userId` may report it: a participant of its chat, and not its sender (a message of
 * one's own is `own: true`). Undefined when there is no such message or the user is not in the chat.
 */
export async function reportableMessage(
  db: Db,
  messageId: number,
  userId: number,
): Promise<(ReportableMessage & { own: boolean }) | undefined> {
  const [row] = await db
    .select({
      id: chatMessages.id,
      senderId: chatMessages.senderId,
      investorId: chats.investorId,
      ownerId: chats.ownerId,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(eq(chatMessages.id, messageId))
    .limit(1);
  if (!row || (row.investorId !== userId && row.ownerId !== userId)) return undefined;
  return { id: row.id, senderId: row.senderId, own: row.senderId === userId };
}

export interface MessageSummary {
  id: number;
  excerpt: string;
  removed: boolean;
  sender: { id: number; username: string };
  opportunity: { id: number; title: string; titleAr: string };
}

const EXCERPT_MAX = 200;

/**
 * For the admin reports queue: each message's text (cut), sender and chat's listing. The senders'
 * names come from the users service, the listings' names from the opportunities service.
 */
export async function messageSummaries(
  db: Db,
  ids: number[],
  users: Pick<UsersService, 'usernamesOf'>,
  opportunities: Pick<OpportunitiesService, 'summaries'>,
): Promise<Map<number, MessageSummary>> {
  const result = new Map<number, MessageSummary>();
  if (ids.length === 0) return result;
  const found = await db
    .select({
      id: chatMessages.id,
      body: chatMessages.body,
      removedAt: chatMessages.removedAt,
      senderId: chatMessages.senderId,
      opportunityId: chats.opportunityId,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(inArray(chatMessages.id, [...new Set(ids)]));
  const [listings, names] = await Promise.all([
    opportunities.summaries(found.map((m) => m.opportunityId)),
    users.usernamesOf(found.map((m) => m.senderId)),
  ]);
  for (const m of found) {
    const listing = listings.get(m.opportunityId);
    const body = m.body.length > EXCERPT_MAX ? `${m.body.slice(0, EXCERPT_MAX - 1)}…` : m.body;
    result.set(m.id, {
      id: m.id,
      // An admin still reads what was removed: the queue is where the decision is checked.
      excerpt: body,
      removed: m.removedAt !== null,
      sender: { id: m.senderId, username: names.get(m.senderId) ?? '' },
      opportunity: {
        id: m.opportunityId,
        title: listing?.opportunityName ?? '',
        titleAr: listing?.opportunityNameAr ?? '',
      },
    });
  }
  return result;
}

/** Marks the message removed, in `tx`: both parties then see "message removed" in its place. */
export async function removeMessage(tx: Db, messageId: number): Promise<boolean> {
  const done = await tx
    .update(chatMessages)
    .set({ removedAt: new Date() })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.removedAt)))
    .returning({ id: chatMessages.id });
  return done.length > 0;
}
