import { useMutation } from '@tanstack/react-query';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { api } from '@/lib/api-client';

export function startChat(opportunityId: number) {
  return api.post<{ chat: ChatSummary }>('/api/chat', { opportunityId }, { auth: true });
}

/** POST /api/chat: the chat with the owner of an opportunity, created on first use. */
export function useStartChat() {
  return useMutation({ mutationFn: startChat });
}
