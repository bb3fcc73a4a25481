import { z } from 'zod';
import { LIMITS } from '../constants';
import { id } from './common';

/** Chat rules and shapes (API.md "Chat"), shared by the chat window, the routes and the OpenAPI document. */

/**
 * What a message body becomes before it is measured: CRLF to LF, control characters other than
 * newline and tab removed, lone surrogates replaced, outer whitespace trimmed. Keeps a stored body
 * printable and bounds its JSON size (the live fan-out carries it in a PostgreSQL NOTIFY).
 */
export function cleanMessageBody(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .trim()
  );
}

export const messageBody = z
  .string()
  .transform(cleanMessageBody)
  .pipe(z.string().min(1, { error: 'blank' }).max(LIMITS.chatMessageMax));

export const sendMessageInput = z.object({ body: messageBody }).strict();
export type SendMessageInput = z.input<typeof sendMessageInput>;

/**
 * An investor starts the chat about a listing by its id; the owner passes `userId` too, to open the
 * chat with someone who made an offer on it; anyone passes `advisorId` to write to an advisor about
 * the listing (never both).
 */
export const createChatInput = z
  .object({ opportunityId: id, userId: id.optional(), advisorId: id.optional() })
  .strict()
  .refine((input) => input.userId === undefined || input.advisorId === undefined, {
    error: 'one_recipient',
    path: ['advisorId'],
  });

export const chatIdParams = z.object({ chatId: id }).strict();

export const messagesQuery = z
  .object({
    before: id.optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.chatPageMax).default(LIMITS.chatPageDefault),
  })
  .strict();

export const chatMessage = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  senderId: z.number().int(),
  /** Empty when `removed` (an admin removed it on a report). */
  body: z.string(),
  removed: z.boolean(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatSummary = z.object({
  id: z.number().int(),
  opportunity: z.object({
    id: z.number().int(),
    opportunityName: z.string(),
    opportunityNameAr: z.string(),
    logo: z.string().nullable(),
  }),
  /**
   * From the reader's side: `listing`, with the listing's owner (or, for the owner, with a buyer);
   * `advisor`, with an advisor about the listing; `advisee`, the advisor's side of that chat (the
   * other user asked for their advice).
   */
  kind: z.enum(['listing', 'advisor', 'advisee']),
  otherUser: z.object({ id: z.number().int(), username: z.string(), buyerVerified: z.boolean() }),
  lastMessage: z.object({ body: z.string(), senderId: z.number().int(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  updatedAt: z.string(),
});
export type ChatSummary = z.infer<typeof chatSummary>;

/** GET /api/chat: a keyset page (`cursor` from the previous page's `nextCursor`); over 50 is refused. */
export const chatListQuery = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.chatListMax).default(LIMITS.chatListDefault),
  })
  .strict();

export const chatListResponse = z.object({ chats: z.array(chatSummary), nextCursor: z.string().nullable() });
export type ChatListPage = z.infer<typeof chatListResponse>;
export const chatResponse = z.object({ chat: chatSummary });
export const messagesResponse = z.object({ messages: z.array(chatMessage) });
export const messageResponse = z.object({ message: chatMessage });
export const unreadCountResponse = z.object({ unreadCount: z.number().int() });

export const streamQuery = z.object({ token: z.string().min(1).max(4096) }).strict();

/** Events of GET /api/chat/stream: `event:` name and the JSON of `data:`. */
export const newMessageEvent = z.object({
  chatId: z.number().int(),
  message: chatMessage,
  unreadCount: z.number().int(),
});
export type NewMessageEvent = z.infer<typeof newMessageEvent>;
/** The body of the `unread_count` event: the same figure GET /api/chats/unread-count answers. */
export type UnreadCountUpdatedEvent = z.infer<typeof unreadCountResponse>;
/** Sent to the other participant when messages are marked read (live read marks). */
export const messagesReadEvent = z.object({
  chatId: z.number().int(),
  readerId: z.number().int(),
  readAt: z.string(),
});
export type MessagesReadEvent = z.infer<typeof messagesReadEvent>;
export const CLOSE_REASONS = ['token_expired', 'shutdown', 'too_many_streams'] as const;
export const closeEvent = z.object({ reason: z.enum(CLOSE_REASONS) });
export type CloseEvent = z.infer<typeof closeEvent>;

export const STREAM_EVENTS = ['new_message', 'unread_count_updated', 'messages_read', 'close'] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];
