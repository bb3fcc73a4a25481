import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusHistoryEntry } from '@safqa/shared/validation/admin';
import { api } from '@/lib/api-client';

export const statusHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: [`/api/admin/opportunities/${id}/history`],
    queryFn: ({ signal }) =>
      api.get<{ data: StatusHistoryEntry[] }>(`/api/admin/opportunities/${id}/history`, {
        auth: true,
        signal,
      }),
    select: (answer) => answer.data,
    enabled: id > 0,
  });

/** GET /api/admin/opportunities/{id}/history: every status change, who made it, when and why. */
export function useStatusHistory(id: number) {
  return useQuery(statusHistoryQuery(id));
}
