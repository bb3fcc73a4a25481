import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpportunityStatus } from '@safqa/shared/constants';
import type { ModerationListResponse } from '@safqa/shared/validation/admin';

/** GET /api/admin/opportunities?status=&page=: one tab of listings and the size of every tab. */
export function useModerationQueue(status: OpportunityStatus, page: number) {
  return useQuery<ModerationListResponse>({
    queryKey: ['/api/admin/opportunities', { status, page }],
    placeholderData: keepPreviousData,
  });
}
