import { api } from '@/lib/api-client';

/** POST /api/saved-searches/{id}/seen: the user opened the search, its new matches count from now. */
export function markSavedSearchSeen(id: number) {
  return api.post<void>(`/api/saved-searches/${id}/seen`, undefined, { auth: true });
}
