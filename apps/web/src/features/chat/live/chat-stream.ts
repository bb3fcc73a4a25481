import type { ChatMessage, MessagesReadEvent, NewMessageEvent } from '@safqa/shared/validation/chat';
import { endSession } from '@/lib/session';

/*
 * The stream is opened on every page, so its events are checked by hand rather than with the zod
 * schemas of @safqa/shared/validation/chat (which would put zod in the first download).
 */
type Guard<T> = (value: unknown) => value is T;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isText = (value: unknown): value is string => typeof value === 'string';

const isMessage: Guard<ChatMessage> = (v): v is ChatMessage =>
  isObject(v) &&
  isInt(v.id) &&
  isInt(v.chatId) &&
  isInt(v.senderId) &&
  isText(v.body) &&
  isText(v.createdAt) &&
  (v.readAt === null || isText(v.readAt));
const isNewMessage: Guard<NewMessageEvent> = (v): v is NewMessageEvent =>
  isObject(v) && isInt(v.chatId) && isMessage(v.message) && isInt(v.unreadCount);
const isUnreadCount: Guard<{ unreadCount: number }> = (v): v is { unreadCount: number } =>
  isObject(v) && isInt(v.unreadCount);
const isMessagesRead: Guard<MessagesReadEvent> = (v): v is MessagesReadEvent =>
  isObject(v) && isInt(v.chatId) && isInt(v.readerId) && isText(v.readAt);

export interface ChatStreamHandlers {
  /** `new_message` to this user: the badge takes the larger of old and new. */
  onNewMessage: (event: NewMessageEvent) => void;
  /** `unread_count_updated`: the badge takes this count. */
  onUnreadCount: (unreadCount: number) => void;
  /** `messages_read`: the other participant read this user's messages. */
  onMessagesRead: (event: MessagesReadEvent) => void;
  /**
   * `resync`: the server missed announcements (its live-update listener was reconnecting), so what
   * the page shows may be behind: refetch the unread count, the chats and open messages.
   */
  onResync?: () => void;
  /** `notification` and `notification_read`: the bell takes this unread count. */
  onNotificationCount?: (unreadCount: number) => void;
  /** The connection is open (the server accepted the stream). */
  onOpen?: () => void;
  /** The stream ended (a `close` event or the connection ended); it is not reopened by itself. */
  onEnd?: () => void;
}

/** The `reason` of a `close` event, when its data says one. */
function closeReason(event: Event): string | undefined {
  try {
    const data: unknown = JSON.parse((event as MessageEvent<string>).data);
    return isObject(data) && isText(data.reason) ? data.reason : undefined;
  } catch {
    return undefined;
  }
}

type EventSourceConstructor = new (url: string) => EventSource;

/**
 * GET /api/chat/stream?token= as an EventSource (which cannot send headers, hence the query
 * parameter). SPEC.md section 4: the stream closes on a `close` event and when the connection ends,
 * instead of letting the browser reconnect with a token that may have expired; the caller reopens it
 * with the next token. An event that does not parse is logged and skipped. Returns `close`.
 */
export function openChatStream(
  token: string,
  handlers: ChatStreamHandlers,
  EventSourceImpl: EventSourceConstructor = EventSource,
): () => void {
  const source = new EventSourceImpl(`/api/chat/stream?token=${encodeURIComponent(token)}`);
  let open = true;

  const close = () => {
    if (!open) return;
    open = false;
    source.close();
  };
  const end = () => {
    if (!open) return;
    close();
    handlers.onEnd?.();
  };

  function listen<T>(name: string, guard: Guard<T>, handle: (data: T) => void) {
    source.addEventListener(name, (event) => {
      if (!open) return;
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch (error) {
        console.error(`Could not read the chat stream event ${name}`, error);
        return;
      }
      if (guard(data)) handle(data);
      else console.error(`Unexpected data in the chat stream event ${name}`, data);
    });
  }

  listen('new_message', isNewMessage, handlers.onNewMessage);
  listen('unread_count_updated', isUnreadCount, (data) => handlers.onUnreadCount(data.unreadCount));
  listen('messages_read', isMessagesRead, handlers.onMessagesRead);
  // The stream carries every live event of the user, not only chat: the bell's count rides on it.
  for (const name of ['notification', 'notification_read']) {
    listen(name, isUnreadCount, (data) => handlers.onNotificationCount?.(data.unreadCount));
  }
  source.addEventListener('open', () => {
    if (open) handlers.onOpen?.();
  });
  source.addEventListener('resync', () => {
    if (open) handlers.onResync?.();
  });
  source.addEventListener('close', (event) => {
    // The server ended the stream because the session was ended elsewhere: sign in again.
    if (open && closeReason(event) === 'session_revoked') endSession('revoked');
    end();
  });
  source.addEventListener('error', end);
  return close;
}
