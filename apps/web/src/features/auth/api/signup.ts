import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '@safqa/shared/validation/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/signup: 201 {message, userId}; the verification email is on its way. */
export function signup(body: SignupInput) {
  return api.post<{ message: string; userId: number }>('/api/auth/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
