import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFaqs } from './invalidate-faqs';

/** DELETE /api/admin/faqs/{id}. */
export function deleteFaq(id: number) {
  return api.delete<null>(`/api/admin/faqs/${id}`);
}

export function useDeleteFaq() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteFaq, onSettled: () => invalidateFaqs(client) });
}
