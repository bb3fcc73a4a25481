import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { api, isApiError } from '@/lib/api-client';

export const chatKey = (chatId: number) => ['/api/chat', chatId] as const;

export function fetchChat(chatId: number, signal?: AbortSignal) {
  return api.get<{ chat: ChatSummary }>(`/api/chat/${chatId}`, { auth: true, signal });
}

/** GET /api/chat/{chatId}; 404 CHAT_NOT_FOUND and 403 FORBIDDEN are final (not retried). */
export const chatQuery = (chatId: number) =>
  queryOptions({
    queryKey: chatKey(chatId),
    queryFn: ({ signal }) => fetchChat(chatId, signal),
    retry: (failureCount, error) =>
      !(isApiError(error) && [401, 403, 404].includes(error.status)) && failureCount < 1,
  });

export function useChat(chatId: number) {
  return useQuery(chatQuery(chatId));
}
