import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ChatListPage, ChatSummary } from '@safqa/shared/validation/chat';
import { api } from '@/lib/api-client';

export const chatsKey = ['/api/chat'] as const;
export type ChatsData = InfiniteData<ChatListPage>;

export function fetchChats(cursor: string | undefined, signal?: AbortSignal) {
  return api.get<ChatListPage>('/api/chat', { auth: true, signal, query: { cursor } });
}

/**
 * GET /api/chat a page at a time, most recently active first; the next page starts after the last
 * chat shown (`nextCursor`). A refetch (a new message, a resync) reloads the loaded pages in order,
 * so a chat that became active moves to the top and leaves its old place.
 */
export const chatsQuery = () =>
  infiniteQueryOptions({
    queryKey: chatsKey,
    queryFn: ({ pageParam, signal }) => fetchChats(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

export function useChats() {
  return useInfiniteQuery(chatsQuery());
}

/** The loaded chats in order, each once (a chat moving up between two page loads may be on both). */
export function flattenChats(data: ChatsData | undefined): ChatSummary[] {
  const seen = new Set<number>();
  return (data?.pages ?? [])
    .flatMap((page) => page.chats)
    .filter((chat) => (seen.has(chat.id) ? false : (seen.add(chat.id), true)));
}
