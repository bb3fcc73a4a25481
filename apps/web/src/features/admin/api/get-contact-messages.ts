import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StoredContactMessage } from '@safqa/shared/validation/admin';
import type { Paged } from '@safqa/shared/validation/common';

/** GET /api/admin/contact-messages?q=&page=. */
export function useContactMessages(q: string, page: number) {
  return useQuery<Paged<StoredContactMessage>>({
    queryKey: ['/api/admin/contact-messages', { q, page }],
    placeholderData: keepPreviousData,
  });
}
