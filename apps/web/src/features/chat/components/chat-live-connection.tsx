import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setNotificationCount } from '@/lib/notification-count';
import { raiseUnreadCount, setUnreadCount } from '@/lib/unread-count';
import { useSession } from '@/lib/use-session';
import { chatKey } from '../api/get-chat';
import { chatsKey } from '../api/get-chats';
import { messagesKey, withMessage, withReadMarks, type MessagesData } from '../api/get-messages';
import { fetchUnreadCount } from '../api/get-unread-count';
import { openChatStream } from '../live/chat-stream';

/**
 * The live side of chat for the whole app (mounted once in the layout). While signed in: the badge
 * is loaded, then kept current by the event stream, which also brings new messages and read marks
 * into open chat windows and lists. A new access token (silent refresh) reopens the stream with it;
 * signing out closes it (the shell resets the badge). A stream that ends by itself is reopened with
 * back-off, and a `resync` (or a reopen) refetches the count, the chats and open messages, so the page
 * catches up with what it missed without a reload. Renders nothing.
 */
export function ChatLiveConnection() {
  const { accessToken, isSignedIn } = useSession();
  const client = useQueryClient();
  // Bumped to reopen the stream after it ended by itself (server restart, network loss).
  const [reopened, setReopened] = useState(0);
  // Ends since the stream last opened: a deploy closes a healthy stream (every process of a rolling
  // deploy may close it once), which must not lengthen the next wait; only failing reopens back off.
  const failedInARow = useRef(0);

  useEffect(() => {
    if (!isSignedIn || !accessToken) return;
    const controller = new AbortController();
    // A count the stream delivered is newer than the one the first request may still bring back.
    let streamCounted = false;
    const loadCount = () =>
      fetchUnreadCount(controller.signal)
        .then((count) => {
          if (!controller.signal.aborted && !streamCounted) setUnreadCount(count);
        })
        .catch(() => {});
    // Whatever happened while the stream was down or the server was not listening: fetch it again.
    const resync = () => {
      streamCounted = false;
      void loadCount();
      void client.invalidateQueries({ queryKey: chatsKey });
    };
    void loadCount();
    if (reopened > 0) void client.invalidateQueries({ queryKey: chatsKey });
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    const close = openChatStream(accessToken, {
      onResync: resync,
      onOpen: () => {
        failedInARow.current = 0;
      },
      onEnd: () => {
        // Back-off from 1 s to 30 s; a new token (silent refresh) reopens it at once anyway.
        const delay = Math.min(30_000, 1_000 * 2 ** Math.min(failedInARow.current, 5));
        failedInARow.current += 1;
        reopenTimer = setTimeout(() => setReopened((n) => n + 1), delay);
      },
      onNewMessage: (event) => {
        streamCounted = true;
        raiseUnreadCount(event.unreadCount);
        client.setQueryData<MessagesData>(messagesKey(event.chatId), (data) =>
          withMessage(data, event.message),
        );
        void client.invalidateQueries({ queryKey: chatsKey, exact: true });
        void client.invalidateQueries({ queryKey: chatKey(event.chatId), exact: true });
      },
      onUnreadCount: (count) => {
        streamCounted = true;
        setUnreadCount(count);
      },
      onNotificationCount: setNotificationCount,
      onMessagesRead: (event) => {
        client.setQueryData<MessagesData>(messagesKey(event.chatId), (data) =>
          withReadMarks(data, event.readerId, event.readAt),
        );
      },
    });
    return () => {
      controller.abort();
      if (reopenTimer) clearTimeout(reopenTimer);
      close();
    };
  }, [accessToken, isSignedIn, client, reopened]);

  return null;
}
