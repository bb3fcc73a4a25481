import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordAndCodeInput, RecoveryCodesResponse } from '@safqa/shared/validation/auth-mfa';
import { api } from '@/lib/api-client';
import { twoStepKey } from './get-two-step-status';

/** POST /api/auth/mfa/recovery-codes: ten new codes; the old ones stop working. */
export function regenerateRecoveryCodes(body: PasswordAndCodeInput) {
  return api.post<RecoveryCodesResponse>('/api/auth/mfa/recovery-codes', body, { auth: true });
}

export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: twoStepKey }),
  });
}
