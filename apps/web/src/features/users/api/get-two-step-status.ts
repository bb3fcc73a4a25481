import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoStepStatusResponse } from '@safqa/shared/validation/auth-mfa';
import { api } from '@/lib/api-client';

export const twoStepKey = ['/api/auth/mfa'] as const;

export function fetchTwoStepStatus(signal?: AbortSignal) {
  return api.get<TwoStepStatusResponse>('/api/auth/mfa', { auth: true, signal });
}

/** GET /api/auth/mfa: whether two-step sign-in is on, and how many recovery codes are left. */
export const twoStepStatusQuery = () =>
  queryOptions({ queryKey: twoStepKey, queryFn: ({ signal }) => fetchTwoStepStatus(signal) });

export function useTwoStepStatus() {
  return useQuery(twoStepStatusQuery());
}
