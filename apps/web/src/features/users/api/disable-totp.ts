import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordAndCodeInput } from '@safqa/shared/validation/auth-mfa';
import { apiRequest } from '@/lib/api-client';
import { deviceSessionsKey } from './get-device-sessions';
import { twoStepKey } from './get-two-step-status';

/** DELETE /api/auth/mfa/totp: the contract puts the password and code in the DELETE's body. */
export function disableTotp(body: PasswordAndCodeInput) {
  return apiRequest<void>('/api/auth/mfa/totp', { method: 'DELETE', auth: true, body });
}

/** Off: every other session ends, so the devices list changes too. */
export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: twoStepKey });
      await client.invalidateQueries({ queryKey: deviceSessionsKey });
    },
  });
}
