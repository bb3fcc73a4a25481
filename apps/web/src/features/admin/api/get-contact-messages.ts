import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredContactMessage } from '@safqa/shared/validation/admin';
import type { Paged } from '@safqa/shared/validation/common';
import { api } from '@/lib/api-client';

export function fetchContactMessages(q: string, page: number, signal?: AbortSignal) {
  return api.get<Paged<StoredContactMessage>>('/api/admin/contact-messages', {
    auth: true,
    query: { q, page },
    signal,
  });
}

/** GET /api/admin/contact-messages?q=&page=. */
export const contactMessagesQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['/api/admin/contact-messages', { q, page }],
    queryFn: ({ signal }) => fetchContactMessages(q, page, signal),
    placeholderData: keepPreviousData,
  });

export function useContactMessages(q: string, page: number) {
  return useQuery(contactMessagesQuery(q, page));
}
