import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FavoriteCard } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import type { Paged } from '@/lib/paged';

/** GET /api/favorites?page=: the signed-in user's bookmarks, newest bookmark first. */
export function useFavorites(page: number, pageSize = 12) {
  return useQuery({
    queryKey: ['/api/favorites', { page, pageSize }],
    queryFn: ({ signal }) =>
      api.get<Paged<FavoriteCard>>('/api/favorites', { auth: true, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/favorites/{id}; the lists and the detail page refresh afterwards. */
export function useRemoveFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/favorites/${id}`, { auth: true }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['/api/favorites'] });
      void client.invalidateQueries({ queryKey: ['/api/opportunities'] });
    },
  });
}
