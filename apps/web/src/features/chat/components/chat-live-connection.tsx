import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
 * signing out closes it (the shell resets the badge). Renders nothing.
 */
export function ChatLiveConnection() {
  const { accessToken, isSignedIn } = useSession();
  const client = useQueryClient();

  useEffect(() => {
    if (!isSignedIn || !accessToken) return;
    const controller = new AbortController();
    // A count the stream delivered is newer than the one the first request may still bring back.
    let streamCounted = false;
    void fetchUnreadCount(controller.signal)
      .then((count) => {
        if (!controller.signal.aborted && !streamCounted) setUnreadCount(count);
      })
      .catch(() => {});
    const close = openChatStream(accessToken, {
      onNewMessage: (event) => {
        streamCounted = true;
        raiseUnreadCount(event.unreadCount);
        client.setQueryData<MessagesData>(messagesKey(event.chatId), (data) => withMessage(data, event.message));
        void client.invalidateQueries({ queryKey: chatsKey, exact: true });
        void client.invalidateQueries({ queryKey: chatKey(event.chatId), exact: true });
      },
      onUnreadCount: (count) => {
        streamCounted = true;
        setUnreadCount(count);
      },
      onMessagesRead: (event) => {
        client.setQueryData<MessagesData>(messagesKey(event.chatId), (data) =>
          withReadMarks(data, event.readerId, event.readAt),
        );
      },
    });
    return () => {
      controller.abort();
      close();
    };
  }, [accessToken, isSignedIn, client]);

  return null;
}
