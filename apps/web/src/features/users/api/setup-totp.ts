import { useMutation } from '@tanstack/react-query';
import type { TotpSetupResponse } from '@safqa/shared/validation/auth-mfa';
import { api } from '@/lib/api-client';

/** POST /api/auth/mfa/totp/setup: a new secret and its QR code; nothing is on until confirmed. */
export function setupTotp() {
  return api.post<TotpSetupResponse>('/api/auth/mfa/totp/setup', undefined, { auth: true });
}

export function useSetupTotp() {
  return useMutation({ mutationFn: setupTotp });
}
