import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api } from './api-client';
import { opportunityKey, opportunityKeyPrefix } from './get-opportunity';
import { useSession } from './use-session';

export interface FavoriteChange {
  id: number;
  favorite: boolean;
}

/**
 * POST or DELETE /api/favorites/{id} (both idempotent). keepalive: the button shows the new state at
 * once, so the request must outlive a page left right after the tap (a full navigation cancels
 * ordinary requests, and the bookmark was lost).
 */
export function setFavorite({ id, favorite }: FavoriteChange) {
  return favorite
    ? api.post<void>(`/api/favorites/${id}`, undefined, { auth: true, keepalive: true })
    : api.delete(`/api/favorites/${id}`, { auth: true, keepalive: true });
}

/**
 * The one bookmark mutation (the detail's button and the favourites list's remove): the detail shows
 * the new state at once, then the server's; the favourites lists and everything about the listing refresh.
 */
export function useSetFavorite() {
  const client = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useMutation({
    mutationFn: setFavorite,
    onMutate: async ({ id, favorite }) => {
      const key = opportunityKey(id, userId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<OpportunityDetail>(key);
      if (before) client.setQueryData<OpportunityDetail>(key, { ...before, isFavorite: favorite });
      return { before };
    },
    onError: (_error, { id }, context) => {
      if (context?.before) client.setQueryData(opportunityKey(id, userId), context.before);
    },
    onSettled: (_data, _error, { id }) => {
      void client.invalidateQueries({ queryKey: ['/api/favorites'] });
      // The server's word last: a load of the detail that started before the change (the page still
      // settling after sign-in) must not leave the button showing the old state.
      void client.invalidateQueries({ queryKey: opportunityKeyPrefix(id) });
    },
  });
}
