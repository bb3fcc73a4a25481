import type { ChatMessage, ChatSummary } from '@safqa/shared/validation/chat';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SseHub } from '../../plugins/sse-hub';
import * as repo from './repository';
import { chatPage } from '../../read-models/chat-list-page';
import type { BlocksService } from '../blocks/service';
import type { UsersService } from '../users/service';
import type { AdvisorsService } from '../advisors/service';
import type { OffersService } from '../offers/service';
import type { OpportunitiesService } from '../opportunities/service';
import { messageSummaries, removeMessage, reportableMessage } from './reported-messages';

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
 * Chat rules: one chat per (opportunity, investor) with the owner, and per (opportunity, pair) with
 * an advisor, never with oneself; only the two participants
 * read, write, mark read or hear about a chat. A message is committed before anyone is told.
 */
export function createChatService(deps: {
  db: Db;
  hub: SseHub;
  onAnnounceError: (error: unknown) => void;
  /** The advisors area answers "may visitors find and message this advisor?". */
  advisors: Pick<AdvisorsService, 'isListedAdvisor'>;
  /** The offers area answers "did this investor offer on this listing?" (the owner may then write). */
  offers: Pick<OffersService, 'hasOffered'>;
  blocks: Pick<BlocksService, 'assertNotBlockedBy' | 'blockedBy'>;
  users: Pick<UsersService, 'verifiedBuyerIds' | 'usernamesOf'>;
  /** The opportunities area names each chat's listing and its owner. */
  opportunities: Pick<OpportunitiesService, 'summaries'>;
}) {
  const { db, hub, onAnnounceError, advisors, offers, blocks, users, opportunities } = deps;

  async function summaries(
    userId: number,
    rows: repo.ChatRow[],
    /** The last messages when the rows' statement brought them already (the list's page). */
    lastKnown?: Map<number, repo.LastMessageRow>,
  ): Promise<ChatSummary[]> {
    const [listings, names, last, verified] = await Promise.all([
      opportunities.summaries(rows.map((c) => c.opportunityId)),
      users.usernamesOf(rows.map((c) => otherUserId(c, userId))),
      lastKnown ??
        repo.lastMessages(
          db,
          rows.map((c) => c.id),
        ),
      users.verifiedBuyerIds(rows.map((c) => otherUserId(c, userId))),
    ]);
    return rows.map((chat) => {
      const opportunity = listings.get(chat.opportunityId);
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
        // The listing's owner is a side of every listing chat; an advisor's chat is with someone else,
        // the advisor on the owner side: the advisor reads it as `advisee`, the other user as `advisor`.
        kind:
          !opportunity || opportunity.ownerId === chat.ownerId
            ? ('listing' as const)
            : chat.ownerId === userId
              ? ('advisee' as const)
              : ('advisor' as const),
        otherUser: { id: otherId, username: names.get(otherId) ?? '', buyerVerified: verified.has(otherId) },
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

  const isVerified = async (userId: number) => (await users.verifiedBuyerIds([userId])).has(userId);

  /**
   * API.md "Trust and safety": on a verified-buyers-only listing, the other side of the owner's chat
   * opened since the flag was set must be a verified buyer to write. The owner always may, and so may
   * anyone in a chat opened before the flag, or in an advisor's chat (the owner is not in it).
   */
  async function assertMayWrite(chat: repo.ChatRow, userId: number) {
    if (userId === chat.ownerId) return;
    const opportunity = (await opportunities.summaries([chat.opportunityId])).get(chat.opportunityId);
    const since = opportunity?.verifiedBuyersOnlySince;
    if (!since || opportunity.ownerId !== chat.ownerId || chat.createdAt < since) return;
    if (!(await isVerified(userId))) throw new AppError(403, 'VERIFICATION_REQUIRED');
  }

  /** The investor's chat about an approved opportunity, created on first use. */
  async function start(userId: number, opportunityId: number) {
    const opportunity = (await opportunities.summaries([opportunityId])).get(opportunityId);
    if (!opportunity) throw new AppError(404, 'NOT_FOUND');
    if (opportunity.ownerId === userId) throw new AppError(403, 'OWN_OPPORTUNITY');
    if (opportunity.status !== 'approved' || opportunity.ownerSuspended) throw new AppError(404, 'NOT_FOUND');
    await blocks.assertNotBlockedBy(opportunity.ownerId, userId);
    if (opportunity.verifiedBuyersOnlySince && !(await isVerified(userId))) {
      // Verified buyers only: no new chat, but one opened before the flag is still answered.
      const existing = await repo.chatBetween(db, opportunityId, userId, opportunity.ownerId);
      if (!existing || existing.createdAt >= opportunity.verifiedBuyersOnlySince)
        throw new AppError(403, 'VERIFICATION_REQUIRED');
    }
    const { chat, created } = await repo.findOrCreateChat(db, {
      opportunityId,
      investorId: userId,
      ownerId: opportunity.ownerId,
    });
    const [summary] = await summaries(userId, [chat]);
    return { chat: summary!, created };
  }

  return {
    /**
     * A page of the user's chats, newest activity first, but for those with users they blocked (the
     * blocker stops seeing them), and the cursor of the next page (null on the last).
     */
    async list(userId: number, cursor: string | undefined, limit: number) {
      const page = await chatPage(db, userId, cursor, limit);
      return { chats: await summaries(userId, page.rows, page.last), nextCursor: page.nextCursor };
    },

    async get(userId: number, chatId: number) {
      const { chat } = await accessible(userId, chatId);
      const [summary] = await summaries(userId, [chat]);
      return summary!;
    },

    start,

    /**
     * The owner opens (or reopens) the chat with someone who made an offer on their listing, whatever
     * the listing's status now: they already deal with each other. Anyone else, or anyone who made no
     * offer there, is refused (403 FORBIDDEN), so an owner cannot message arbitrary users.
     */
    async startWithInvestor(userId: number, opportunityId: number, investorId: number) {
      const opportunity = (await opportunities.summaries([opportunityId])).get(opportunityId);
      if (!opportunity) throw new AppError(404, 'NOT_FOUND');
      if (opportunity.ownerId !== userId) throw new AppError(403, 'FORBIDDEN');
      if (investorId === userId || !(await offers.hasOffered(opportunityId, investorId))) {
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

    /**
     * A user writes to an advisor about a listing (issue 22): the listing must be public, or the
     * caller's own; the advisor one that visitors can find (404 otherwise), never the caller (403).
     * One chat per listing and pair, whoever wrote first; an advisor who owns the listing gets the
     * listing's own chat.
     */
    async startWithAdvisor(userId: number, opportunityId: number, advisorId: number) {
      const opportunity = (await opportunities.summaries([opportunityId])).get(opportunityId);
      if (!opportunity) throw new AppError(404, 'NOT_FOUND');
      const isOwner = opportunity.ownerId === userId;
      if (!isOwner && (opportunity.status !== 'approved' || opportunity.ownerSuspended)) {
        throw new AppError(404, 'NOT_FOUND');
      }
      if (advisorId === userId) throw new AppError(403, 'FORBIDDEN');
      if (!(await advisors.isListedAdvisor(advisorId))) throw new AppError(404, 'NOT_FOUND');
      if (advisorId === opportunity.ownerId) return start(userId, opportunityId);
      await blocks.assertNotBlockedBy(advisorId, userId);
      const existing = await repo.chatBetween(db, opportunityId, userId, advisorId);
      const { chat, created } = existing
        ? { chat: existing, created: false }
        : await repo.findOrCreateChat(db, { opportunityId, investorId: userId, ownerId: advisorId });
      const [summary] = await summaries(userId, [chat]);
      return { chat: summary!, created };
    },

    /** A page of messages, without those of a user the caller blocked. */
    async messages(userId: number, chatId: number, before: number | undefined, limit: number) {
      const { chat } = await accessible(userId, chatId);
      const otherId = otherUserId(chat, userId);
      const hidden = (await blocks.blockedBy(userId)).has(otherId) ? otherId : undefined;
      return (await repo.messagesPage(db, chatId, before, limit, hidden)).map(toMessage);
    },

    /**
     * Stores the message, counts it unread for the recipient and announces it with their new total,
     * in one statement: the announcement goes out only if the message is committed.
     */
    async send(userId: number, chatId: number, body: string) {
      // A participant the other one blocked: 403 BLOCKED (a stranger still learns nothing: 403/404 below).
      const chat = await repo.findChat(db, chatId);
      const side = chat ? sideOf(chat, userId) : null;
      if (chat && side) {
        await blocks.assertNotBlockedBy(otherUserId(chat, userId), userId);
        await assertMayWrite(chat, userId);
      }
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

    /** What the reports area needs of chat messages (reported-messages.ts). */
    reported: {
      /** The message if `userId` may report it (in its chat, `own` when they sent it). */
      find: (messageId: number, userId: number) => reportableMessage(db, messageId, userId),
      /** Each message's excerpt, sender and listing, for the admins' queue. */
      summaries: (ids: number[]) => messageSummaries(db, ids, users, opportunities),
      /** Marks the message removed in `tx` (the report's decision). */
      remove: (tx: Db, messageId: number) => removeMessage(tx, messageId),
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

/**
 * `userId` blocked `otherId`: their chats no longer count as unread for `userId` (the chats are hidden
 * from them), and the user's streams hear the new total. Runs in the block's transaction.
 */
export async function forgetUnreadWith(tx: Db, hub: SseHub, userId: number, otherId: number) {
  if (!(await repo.clearUnreadWith(tx, userId, otherId))) return;
  const unreadCount = await repo.unreadTotal(tx, userId);
  await hub.publish([userId], 'unread_count_updated', { unreadCount }, tx);
}
