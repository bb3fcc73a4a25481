import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { loginResponse, type LoginResponse } from '@safqa/shared/validation/auth';
import type { LoginOptions } from '@safqa/shared/validation/passkeys';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { setTokens } from '@/lib/session';
import { loadWebAuthn } from '@/lib/webauthn';
import { InvalidLoginResponse } from './login';

/**
 * Sign in with a passkey and no email: options for any passkey of this site, the browser's dialog
 * (the person picks their account on the authenticator), then POST /api/auth/passkeys/login. On
 * success the tokens are stored, as a password sign-in stores them.
 */
async function passkeyLogin(): Promise<LoginResponse> {
  const [{ startAuthentication }, options] = await Promise.all([
    loadWebAuthn(),
    api.post<LoginOptions>('/api/auth/passkeys/login/options', {}),
  ]);
  const response = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
  });
  const answer = loginResponse.safeParse(await api.post<unknown>('/api/auth/passkeys/login', { response }));
  if (!answer.success) throw new InvalidLoginResponse();
  setTokens({ accessToken: answer.data.accessToken, refreshToken: answer.data.refreshToken });
  return answer.data;
}

export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: passkeyLogin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
