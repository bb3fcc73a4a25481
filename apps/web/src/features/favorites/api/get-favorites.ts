import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FavoriteCard } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import type { Paged } from '@safqa/shared/validation/common';

/** GET /api/favorites?page=: the signed-in user's bookmarks, newest bookmark first. */
export function useFavorites(page: number, pageSize = 12) {
  return useQuery({
    queryKey: ['/api/favorites', { page, pageSize }],
    queryFn: ({ signal }) =>
      api.get<Paged<FavoriteCard>>('/api/favorites', { auth: true, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}
