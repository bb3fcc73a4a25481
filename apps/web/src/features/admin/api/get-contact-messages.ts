import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StoredContactMessage } from '@safqa/shared/validation/admin';
import type { PagedResponse } from './paged';

/** GET /api/admin/contact-messages?q=&page=. */
export function useContactMessages(q: string, page: number) {
  return useQuery<PagedResponse<StoredContactMessage>>({
    queryKey: ['/api/admin/contact-messages', { q, page }],
    placeholderData: keepPreviousData,
  });
}
