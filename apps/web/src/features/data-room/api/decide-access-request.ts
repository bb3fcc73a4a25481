import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessDecision, AccessRequest } from '@safqa/shared/validation/data-room';
import { api } from '@/lib/api-client';
import { listingAccessRequestsKey } from './get-listing-access-requests';
import { receivedAccessRequestsKey } from './get-received-access-requests';

export function decideAccessRequest(requestId: number, status: AccessDecision) {
  return api.patch<{ request: AccessRequest }>(
    `/api/access-requests/${requestId}`,
    { status },
    { auth: true },
  );
}

/** PATCH /api/access-requests/{id}: the owner approves, declines or revokes. */
export function useDecideAccessRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      status,
    }: {
      requestId: number;
      opportunityId: number;
      status: AccessDecision;
    }) => decideAccessRequest(requestId, status),
    onSettled: (_data, _error, { opportunityId }) => {
      void client.invalidateQueries({ queryKey: listingAccessRequestsKey(opportunityId) });
      void client.invalidateQueries({ queryKey: receivedAccessRequestsKey });
    },
  });
}
