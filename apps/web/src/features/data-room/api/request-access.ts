import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessRequest, AccessRequestInput } from '@safqa/shared/validation/data-room';
import { api } from '@/lib/api-client';
import { opportunityKeyPrefix } from '@/lib/get-opportunity';
import { myAccessRequestsKey } from './get-my-access-requests';

export function requestAccess(opportunityId: number, input: AccessRequestInput) {
  return api.post<{ request: AccessRequest }>(`/api/opportunities/${opportunityId}/access-requests`, input, {
    auth: true,
  });
}

/** POST /api/opportunities/{id}/access-requests: ask the owner for the confidential documents. */
export function useRequestAccess(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccessRequestInput) => requestAccess(opportunityId, input),
    onSettled: () => {
      // The detail carries `access`; its key starts with the listing's path (whoever asks).
      void client.invalidateQueries({ queryKey: opportunityKeyPrefix(opportunityId) });
      void client.invalidateQueries({ queryKey: myAccessRequestsKey });
    },
  });
}
