import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { opportunityKey } from './get-opportunity';

/** POST or DELETE /api/favorites/{id} (both idempotent); the detail shows the new state at once, then the server's. */
export function useToggleFavorite(id: number) {
  const client = useQueryClient();
  const { user } = useSession();
  const key = opportunityKey(id, user?.id ?? null);
  return useMutation({
    // keepalive: the button shows the new state at once, so the request must outlive a page left
    // right after the tap (a full navigation cancels ordinary requests, and the bookmark was lost).
    mutationFn: (favorite: boolean) =>
      favorite
        ? api.post<void>(`/api/favorites/${id}`, undefined, { auth: true, keepalive: true })
        : api.delete(`/api/favorites/${id}`, { auth: true, keepalive: true }),
    onMutate: async (favorite) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<OpportunityDetail>(key);
      if (before) client.setQueryData<OpportunityDetail>(key, { ...before, isFavorite: favorite });
      return { before };
    },
    onError: (_error, _favorite, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['/api/favorites'] });
      // The server's word last: a load of the detail that started before the change (the page still
      // settling after sign-in) must not leave the button showing the old state.
      void client.invalidateQueries({ queryKey: key });
    },
  });
}
