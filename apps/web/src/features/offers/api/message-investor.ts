import { useMutation } from '@tanstack/react-query';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { api } from '@/lib/api-client';

/** POST /api/chat with `userId`: the owner opens (or reopens) the chat with someone who made an offer. */
export function messageInvestor({ opportunityId, userId }: { opportunityId: number; userId: number }) {
  return api.post<{ chat: ChatSummary }>('/api/chat', { opportunityId, userId }, { auth: true });
}

export function useMessageInvestor() {
  return useMutation({ mutationFn: messageInvestor });
}
