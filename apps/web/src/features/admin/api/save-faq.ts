import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminFaq, FaqInput } from '@safqa/shared/validation/faqs';
import { api } from '@/lib/api-client';
import { invalidateFaqs } from './invalidate-faqs';

/** POST /api/admin/faqs, or PUT /api/admin/faqs/{id} when `id` is given. */
export function saveFaq(input: FaqInput, id?: number) {
  return id === undefined
    ? api.post<{ data: AdminFaq }>('/api/admin/faqs', input)
    : api.put<{ data: AdminFaq }>(`/api/admin/faqs/${id}`, input);
}

export function useSaveFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: FaqInput; id?: number }) => saveFaq(input, id),
    onSuccess: () => invalidateFaqs(client),
  });
}
