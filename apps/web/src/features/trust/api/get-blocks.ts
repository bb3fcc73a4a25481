import { useQuery } from '@tanstack/react-query';
import type { BlocksResponse } from '@safqa/shared/validation/blocks';
import { api } from '@/lib/api-client';
import { blocksKey } from '@/lib/block-user';

/** GET /api/users/me/blocks: the users the caller blocked, newest first. */
export function useBlocks() {
  return useQuery({
    queryKey: blocksKey,
    queryFn: ({ signal }) => api.get<BlocksResponse>('/api/users/me/blocks', { auth: true, signal }),
  });
}
