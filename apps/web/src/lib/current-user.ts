import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY } from '@safqa/shared/constants';
import type { Lookup } from '@safqa/shared/validation/common';
import { api } from './api-client';
import { useSession } from './use-session';

/** `User` of API.md "Users". */
export interface CurrentUser {
  id: number;
  username: string;
  email: string;
  phoneNumber: string | null;
  role: 'owner' | 'admin';
  isAdvisor: boolean;
  advisor: { bio: string; experienceYears: number; businessTypes: Lookup[] } | null;
  emailVerified: boolean;
  buyerVerified: boolean;
  language: 'ar' | 'en';
  status: 'active' | 'suspended';
  createdAt: string;
}

export const currentUserKey = ['/api/users/me'] as const;

export function fetchCurrentUser(signal?: AbortSignal) {
  return api.get<CurrentUser>('/api/users/me', { auth: true, signal });
}

/**
 * GET /api/users/me of the signed-in user `userId` (none: not signed in, nothing asked), fresh for
 * 5 minutes (SPEC.md section 9). The user id is part of the key, so another account never sees a
 * cached user.
 */
export const currentUserQuery = (userId: number | null) =>
  queryOptions({
    queryKey: [...currentUserKey, userId],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: userId !== null,
    staleTime: QUERY.currentUserStaleTimeMs,
  });

export function useCurrentUser() {
  const { user } = useSession();
  return useQuery(currentUserQuery(user?.id ?? null));
}
