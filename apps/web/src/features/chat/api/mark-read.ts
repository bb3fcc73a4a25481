import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setUnreadCount } from '@/lib/unread-count';
import { chatsKey } from './get-chats';

export function markChatRead(chatId: number) {
  return api.post<{ unreadCount: number }>(`/api/chat/${chatId}/read`, undefined, { auth: true });
}

/**
 * POST /api/chat/{chatId}/read: the badge takes the new total at once (the stream confirms it) and
 * the chat list shows the chat as read.
 */
export async function markReadAndSync(client: QueryClient, chatId: number) {
  const { unreadCount } = await markChatRead(chatId);
  setUnreadCount(unreadCount);
  void client.invalidateQueries({ queryKey: chatsKey, exact: true });
  return unreadCount;
}
