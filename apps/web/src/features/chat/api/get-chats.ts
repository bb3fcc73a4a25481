import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { api } from '@/lib/api-client';

export const chatsKey = ['/api/chat'] as const;

export function fetchChats(signal?: AbortSignal) {
  return api.get<{ chats: ChatSummary[] }>('/api/chat', { auth: true, signal });
}

/** GET /api/chat: the user's chats, most recently active first. */
export const chatsQuery = () =>
  queryOptions({ queryKey: chatsKey, queryFn: ({ signal }) => fetchChats(signal) });

export function useChats() {
  return useQuery(chatsQuery());
}
