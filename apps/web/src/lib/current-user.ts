import { useQuery } from '@tanstack/react-query';
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

/** GET /api/users/me while signed in, fresh for 5 minutes (SPEC.md section 9). */
export function useCurrentUser() {
  const { isSignedIn, user } = useSession();
  return useQuery({
    // The user id is part of the key, so another account never sees a cached user.
    queryKey: [...currentUserKey, user?.id ?? null],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: isSignedIn,
    staleTime: QUERY.currentUserStaleTimeMs,
  });
}
