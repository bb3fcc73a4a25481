import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@safqa/shared/validation/chat';
import { api } from '@/lib/api-client';
import { chatsKey } from './get-chats';
import { messagesKey, withMessage, type MessagesData } from './get-messages';

export function sendMessage(chatId: number, body: string) {
  return api.post<{ message: ChatMessage }>(`/api/chat/${chatId}/messages`, { body }, { auth: true });
}

/** POST /api/chat/{chatId}/messages; the stored message joins the window's history. */
export function useSendMessage(chatId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(chatId, body),
    onSuccess: ({ message }) => {
      client.setQueryData<MessagesData>(messagesKey(chatId), (data) => withMessage(data, message));
      void client.invalidateQueries({ queryKey: chatsKey, exact: true });
    },
  });
}
