import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFaq } from '@safqa/shared/validation/faqs';
import { api } from '@/lib/api-client';
import { adminFaqsQuery } from './get-faqs';
import { invalidateFaqs } from './invalidate-faqs';

/** PUT /api/admin/faqs/order: every id once, in the new order. */
export function reorderFaqs(ids: number[]) {
  return api.put<{ data: AdminFaq[] }>('/api/admin/faqs/order', { ids });
}

export function useReorderFaqs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reorderFaqs,
    // Show the new order at once; the server's answer (or a refetch after a refusal) settles it.
    onMutate: async (ids) => {
      const key = adminFaqsQuery().queryKey;
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData(key);
      if (previous) {
        const byId = new Map(previous.data.map((faq) => [faq.id, faq]));
        client.setQueryData(key, { data: ids.flatMap((id) => byId.get(id) ?? []) });
      }
    },
    onSettled: () => invalidateFaqs(client),
  });
}
