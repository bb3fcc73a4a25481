import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyVerification } from '@safqa/shared/validation/verifications';
import { api } from '@/lib/api-client';

export const myVerificationKey = ['/api/users/me/verification'] as const;

export function fetchMyVerification(signal?: AbortSignal) {
  return api.get<MyVerification>('/api/users/me/verification', { auth: true, signal });
}

/** GET /api/users/me/verification: whether the caller is a verified buyer, and their requests. */
export const myVerificationQuery = () =>
  queryOptions({ queryKey: myVerificationKey, queryFn: ({ signal }) => fetchMyVerification(signal) });

export function useMyVerification() {
  return useQuery(myVerificationQuery());
}
