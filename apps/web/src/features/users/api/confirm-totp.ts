import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesResponse } from '@safqa/shared/validation/auth-mfa';
import { api } from '@/lib/api-client';
import { twoStepKey } from './get-two-step-status';

/** POST /api/auth/mfa/totp/confirm: turns two-step sign-in on; answers the recovery codes, once. */
export function confirmTotp(code: string) {
  return api.post<RecoveryCodesResponse>('/api/auth/mfa/totp/confirm', { code }, { auth: true });
}

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => client.invalidateQueries({ queryKey: twoStepKey }),
  });
}
