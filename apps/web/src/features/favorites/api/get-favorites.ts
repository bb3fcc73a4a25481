import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { FavoriteCard } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';

export function fetchFavorites(page: number, pageSize: number, signal?: AbortSignal) {
  return api.get<Paged<FavoriteCard>>('/api/favorites', { auth: true, query: { page, pageSize }, signal });
}

/** GET /api/favorites?page=: the signed-in user's bookmarks, newest bookmark first. */
export const favoritesQuery = (page: number, pageSize = 12) =>
  queryOptions({
    queryKey: ['/api/favorites', { page, pageSize }],
    queryFn: ({ signal }) => fetchFavorites(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useFavorites(page: number, pageSize = 12) {
  return useQuery(favoritesQuery(page, pageSize));
}
