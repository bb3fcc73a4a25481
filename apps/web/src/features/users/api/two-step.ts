import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PasswordAndCodeInput,
  RecoveryCodesResponse,
  TotpSetupResponse,
  TwoStepStatusResponse,
} from '@safqa/shared/validation/auth-mfa';
import { api, apiRequest } from '@/lib/api-client';
import { deviceSessionsKey } from './device-sessions';

export const twoStepKey = ['/api/auth/mfa'] as const;

/** GET /api/auth/mfa: whether two-step sign-in is on, and how many recovery codes are left. */
export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepKey,
    queryFn: ({ signal }) => api.get<TwoStepStatusResponse>('/api/auth/mfa', { auth: true, signal }),
  });
}

/** POST /api/auth/mfa/totp/setup: a new secret and its QR code; nothing is on until confirmed. */
export function useSetupTotp() {
  return useMutation({
    mutationFn: () => api.post<TotpSetupResponse>('/api/auth/mfa/totp/setup', undefined, { auth: true }),
  });
}

/** POST /api/auth/mfa/totp/confirm: turns two-step sign-in on; answers the recovery codes, once. */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<RecoveryCodesResponse>('/api/auth/mfa/totp/confirm', { code }, { auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoStepKey }),
  });
}

/** DELETE /api/auth/mfa/totp: off; every other session ends (the devices list changes too). */
export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    // The contract puts the password and code in the DELETE's body.
    mutationFn: (body: PasswordAndCodeInput) =>
      apiRequest<void>('/api/auth/mfa/totp', { method: 'DELETE', auth: true, body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: twoStepKey });
      await client.invalidateQueries({ queryKey: deviceSessionsKey });
    },
  });
}

/** POST /api/auth/mfa/recovery-codes: ten new codes; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordAndCodeInput) =>
      api.post<RecoveryCodesResponse>('/api/auth/mfa/recovery-codes', body, { auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: twoStepKey }),
  });
}
