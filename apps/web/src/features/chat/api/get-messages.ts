import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { LIMITS } from '@safqa/shared/constants';
import type { ChatMessage } from '@safqa/shared/validation/chat';
import { api, isApiError } from '@/lib/api-client';

export interface MessagesPage {
  messages: ChatMessage[];
}
export type MessagesData = InfiniteData<MessagesPage>;

export const messagesKey = (chatId: number) => ['/api/chat', chatId, 'messages'] as const;

export function fetchMessages(chatId: number, before: number | undefined, signal?: AbortSignal) {
  return api.get<MessagesPage>(`/api/chat/${chatId}/messages`, {
    auth: true,
    signal,
    query: { before, limit: LIMITS.chatPageDefault },
  });
}

/**
 * History paged upward: the first page is the newest messages, each next page is older (`before` the
 * oldest one shown). A page shorter than the limit is the start of the conversation.
 */
export const messagesQuery = (chatId: number, enabled = true) =>
  infiniteQueryOptions({
    queryKey: messagesKey(chatId),
    queryFn: ({ pageParam, signal }) => fetchMessages(chatId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (lastPage) =>
      lastPage.messages.length >= LIMITS.chatPageDefault ? lastPage.messages[0]?.id : undefined,
    enabled,
    retry: (failureCount, error) =>
      !(isApiError(error) && [401, 403, 404].includes(error.status)) && failureCount < 1,
  });

export function useMessages(chatId: number, enabled = true) {
  return useInfiniteQuery(messagesQuery(chatId, enabled));
}

/** All loaded messages, oldest first. */
export function flattenMessages(data: MessagesData | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** Adds a message to the newest page unless it is there already (the sender's answer and the stream can both bring it). */
export function withMessage(data: MessagesData | undefined, message: ChatMessage): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ messages: [...newest!.messages, message] }, ...older] };
}

/**
 * `readerId` read the chat: the messages they had not read yet (the other side's), up to `upToId`
 * when given, get `readAt`.
 */
export function withReadMarks(
  data: MessagesData | undefined,
  readerId: number,
  readAt: string,
  upToId: number = Number.MAX_SAFE_INTEGER,
): MessagesData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      messages: page.messages.map((m) =>
        m.senderId !== readerId && m.readAt === null && m.id <= upToId ? { ...m, readAt } : m,
      ),
    })),
  };
}
