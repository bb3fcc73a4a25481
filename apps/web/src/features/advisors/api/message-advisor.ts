import { useMutation } from '@tanstack/react-query';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { api } from '@/lib/api-client';

/** POST /api/chat with `advisorId`: the chat with an advisor about the listing, created on first use. */
export function messageAdvisor({ opportunityId, advisorId }: { opportunityId: number; advisorId: number }) {
  return api.post<{ chat: ChatSummary }>('/api/chat', { opportunityId, advisorId }, { auth: true });
}

export function useMessageAdvisor() {
  return useMutation({ mutationFn: messageAdvisor });
}
