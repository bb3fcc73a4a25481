import type { ChatMessage, ChatSummary } from '@safqa/shared/validation/chat';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { SseHub } from '../../plugins/sse-hub';
import * as repo from './repository';
import { hasOffered, opportunitySummaries, usernames } from './peers';

type Side = 'investor' | 'owner';

function sideOf(chat: repo.ChatRow, userId: number): Side | null {
  if (chat.investorId === userId) return 'investor';
  if (chat.ownerId === userId) return 'owner';
  return null;
}

function otherUserId(chat: repo.ChatRow, userId: number) {
  return chat.investorId === userId ? chat.ownerId : chat.investorId;
}

export function toMessage(row: repo.MessageRow): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    // A message removed on a report keeps its row (the report names it) but never shows its text.
    body: row.removedAt ? '' : row.body,
    removed: row.removedAt !== null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * Chat rules: one chat per (opportunity, investor), never with oneself; only the two participants
 * read, write, mark read or hear about a chat. A message is committed before anyone is told.
 */
export function createChatService(deps: { db: Db; hub: SseHub; onAnnounceError: (error: unknown) => void }) {
  const { db, hub, onAnnounceError } = deps;

  async function summaries(userId: number, rows: repo.ChatRow[]): Promise<ChatSummary[]> {
    const [opportunities, names, last] = await Promise.all([
      opportunitySummaries(
        db,
        rows.map((c) => c.opportunityId),
      ),
      usernames(
        db,
        rows.map((c) => otherUserId(c, userId)),
      ),
      repo.lastMessages(
        db,
        rows.map((c) => c.id),
      ),
    ]);
    return rows.map((chat) => {
      const opportunity = opportunities.get(chat.opportunityId);
      const otherId = otherUserId(chat, userId);
      const message = last.get(chat.id);
      return {
        id: chat.id,
        opportunity: {
          id: chat.opportunityId,
          opportunityName: opportunity?.opportunityName ?? '',
          opportunityNameAr: opportunity?.opportunityNameAr ?? '',
          logo: opportunity?.logo ?? null,
        },
        otherUser: { id: otherId, username: names.get(otherId) ?? '' },
        lastMessage: message
          ? { body: message.body, senderId: message.senderId, createdAt: message.createdAt.toISOString() }
          : null,
        unreadCount: sideOf(chat, userId) === 'investor' ? chat.investorUnread : chat.ownerUnread,
        updatedAt: chat.updatedAt.toISOString(),
      };
    });
  }

  /** 404 CHAT_NOT_FOUND when there is no such chat, 403 FORBIDDEN when the user is not in it. */
  async function accessible(userId: number, chatId: number) {
    const chat = await repo.findChat(db, chatId);
    if (!chat) throw new AppError(404, 'CHAT_NOT_FOUND');
    const side = sideOf(chat, userId);
    if (!side) throw new AppError(403, 'FORBIDDEN');
    return { chat, side };
  }

  return {
    async list(userId: number) {
      return summaries(userId, await repo.chatsOfUser(db, userId));
    },

    async get(userId: number, chatId: number) {
      const { chat } = await accessible(userId, chatId);
      const [summary] = await summaries(userId, [chat]);
      return summary!;
    },

    /** The investor's chat about an approved opportunity, created on first use. */
    async start(userId: number, opportunityId: number) {
      const opportunity = (await opportunitySummaries(db, [opportunityId])).get(opportunityId);
      if (!opportunity) throw new AppError(404, 'NOT_FOUND');
      if (opportunity.ownerId === userId) throw new AppError(403, 'OWN_OPPORTUNITY');
      if (opportunity.status !== 'approved' || opportunity.ownerSuspended)
        throw new AppError(404, 'NOT_FOUND');
      const { chat, created } = await repo.findOrCreateChat(db, {
        opportunityId,
        investorId: userId,
        ownerId: opportunity.ownerId,
      });
      const [summary] = await summaries(userId, [chat]);
      return { chat: summary!, created };
    },

    /**
     * The owner opens (or reopens) the chat with someone who made an offer on their listing, whatever
     * the listing's status now: they already deal with each other. Anyone else, or anyone who made no
     * offer there, is refused (403 FORBIDDEN), so an owner cannot message arbitrary users.
     */
    async startWithInvestor(userId: number, opportunityId: number, investorId: number) {
      const opportunity = (await opportunitySummaries(db, [opportunityId])).get(opportunityId);
      if (!opportunity) throw new AppError(404, 'NOT_FOUND');
      if (opportunity.ownerId !== userId) throw new AppError(403, 'FORBIDDEN');
      if (investorId === userId || !(await hasOffered(db, opportunityId, investorId))) {
        throw new AppError(403, 'FORBIDDEN');
      }
      const { chat, created } = await repo.findOrCreateChat(db, {
        opportunityId,
        investorId,
        ownerId: userId,
      });
      const [summary] = await summaries(userId, [chat]);
      return { chat: summary!, created };
    },

    async messages(userId: number, chatId: number, before: number | undefined, limit: number) {
      await accessible(userId, chatId);
      return (await repo.messagesPage(db, chatId, before, limit)).map(toMessage);
    },

    /**
     * Stores the message, counts it unread for the recipient and announces it with their new total,
     * in one statement: the announcement goes out only if the message is committed.
     */
    async send(userId: number, chatId: number, body: string) {
      const stored = await repo.insertAndAnnounceMessage(db, chatId, userId, body, (recipientIds, data) =>
        hub.announcementSql(recipientIds, 'new_message', data),
      );
      if (!stored) {
        await accessible(userId, chatId);
        throw new AppError(404, 'CHAT_NOT_FOUND');
      }
      if (!stored.announced) {
        // Stored; the recipient sees it on the next load. The sender must not think it failed.
        onAnnounceError(new Error(`new_message of chat ${chatId} exceeds the NOTIFY limit; not announced`));
      }
      return toMessage(stored.message);
    },

    /**
     * Marks the chat read for the caller. Their other streams hear the new total; the other
     * participant hears that their messages were read.
     */
    async markRead(userId: number, chatId: number) {
      const { chat, side } = await accessible(userId, chatId);
      return db.transaction(async (tx) => {
        const { marked, readAt } = await repo.markRead(tx, chatId, userId, side);
        const unreadCount = await repo.unreadTotal(tx, userId);
        await hub.publish([userId], 'unread_count_updated', { unreadCount }, tx);
        if (marked > 0 && readAt) {
          await hub.publish(
            [otherUserId(chat, userId)],
            'messages_read',
            { chatId, readerId: userId, readAt: readAt.toISOString() },
            tx,
          );
        }
        return unreadCount;
      });
    },

    async unreadCount(userId: number) {
      return repo.unreadTotal(db, userId);
    },
  };
}

export function chatServiceOf(app: FastifyInstance) {
  return createChatService({
    db: app.db,
    hub: app.sseHub,
    onAnnounceError: (error) => app.log.error({ err: error }, 'could not announce a chat message'),
  });
}
