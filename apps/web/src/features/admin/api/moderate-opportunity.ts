import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { api } from '@/lib/api-client';
import { opportunityKeyPrefix } from '@/lib/get-opportunity';
import { statusHistoryQuery } from './get-status-history';

export type ModerationRequest =
  | { id: number; action: 'approve' | 'reinstate' }
  | { id: number; action: 'reject'; reason: string }
  | { id: number; action: 'suspend'; reason: string | null };

/** POST /api/admin/opportunities/{id}/{approve|reject|suspend|reinstate}. */
export function moderateOpportunity(request: ModerationRequest) {
  const path = `/api/admin/opportunities/${request.id}/${request.action}`;
  if (request.action === 'reject') return api.post<OpportunityDetail>(path, { reason: request.reason });
  if (request.action === 'suspend') return api.post<OpportunityDetail>(path, { reason: request.reason });
  return api.post<OpportunityDetail>(path);
}

/** Everything a moderation decision changes: the tabs, the listing, its history, the dashboard, search. */
export function invalidateModeration(client: ReturnType<typeof useQueryClient>, id: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['/api/admin/opportunities'] }),
    client.invalidateQueries({ queryKey: opportunityKeyPrefix(id) }),
    client.invalidateQueries({ queryKey: statusHistoryQuery(id).queryKey }),
    client.invalidateQueries({ queryKey: ['/api/admin/stats'] }),
  ]);
}

export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderateOpportunity,
    onSuccess: (_detail, request) => invalidateModeration(client, request.id),
  });
}
