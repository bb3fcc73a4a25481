import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFaq } from '@safqa/shared/validation/faqs';
import { api } from '@/lib/api-client';

export function fetchAdminFaqs(signal?: AbortSignal) {
  return api.get<{ data: AdminFaq[] }>('/api/admin/faqs', { auth: true, signal });
}

/** GET /api/admin/faqs: every FAQ in display order, with its sort order. */
export const adminFaqsQuery = () =>
  queryOptions({
    queryKey: ['/api/admin/faqs'],
    queryFn: ({ signal }) => fetchAdminFaqs(signal),
  });

export function useAdminFaqs() {
  return useQuery({ ...adminFaqsQuery(), select: (answer) => answer.data });
}
