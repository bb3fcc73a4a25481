import { useQuery } from '@tanstack/react-query';
import type { StatusHistoryEntry } from '@safqa/shared/validation/admin';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';

/** GET /api/opportunities/{id}: an admin sees every listing, whatever its status, with every field. */
export function useOpportunity(id: number) {
  return useQuery<OpportunityDetail>({ queryKey: [`/api/opportunities/${id}`], enabled: id > 0 });
}

/** GET /api/admin/opportunities/{id}/history: every status change, who made it, when and why. */
export function useStatusHistory(id: number) {
  return useQuery<{ data: StatusHistoryEntry[] }, Error, StatusHistoryEntry[]>({
    queryKey: [`/api/admin/opportunities/${id}/history`],
    select: (answer) => answer.data,
    enabled: id > 0,
  });
}
