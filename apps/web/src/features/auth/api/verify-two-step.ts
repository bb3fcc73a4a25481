import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@safqa/shared/validation/auth';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { acceptSignIn } from './login';

export type TwoStepProof = { code: string } | { recoveryCode: string };

/** POST /api/auth/mfa/verify: the second step of a sign-in; signs in as a login does. */
export async function verifyTwoStep(mfaToken: string, proof: TwoStepProof): Promise<LoginResponse> {
  return acceptSignIn(await api.post<unknown>('/api/auth/mfa/verify', { mfaToken, ...proof }));
}

export function useVerifyTwoStep(mfaToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: TwoStepProof) => verifyTwoStep(mfaToken, proof),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
