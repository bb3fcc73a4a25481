import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/chat: the deal's conversation (one per listing and buyer). The seller names the buyer;
 * the buyer's chat is with the listing's owner.
 */
export function openDealChat({ opportunityId, userId }: { opportunityId: number; userId?: number }) {
  return api.post<{ chat: { id: number } }>(
    '/api/chat',
    userId ? { opportunityId, userId } : { opportunityId },
    {
      auth: true,
    },
  );
}

export function useOpenDealChat() {
  return useMutation({ mutationFn: openDealChat });
}
