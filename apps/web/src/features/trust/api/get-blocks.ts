import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlocksResponse } from '@safqa/shared/validation/blocks';
import { api } from '@/lib/api-client';
import { blocksKey } from '@/lib/block-user';

export function fetchBlocks(signal?: AbortSignal) {
  return api.get<BlocksResponse>('/api/users/me/blocks', { auth: true, signal });
}

/** GET /api/users/me/blocks: the users the caller blocked, newest first. */
export const blocksQuery = () =>
  queryOptions({ queryKey: blocksKey, queryFn: ({ signal }) => fetchBlocks(signal) });

export function useBlocks() {
  return useQuery(blocksQuery());
}
