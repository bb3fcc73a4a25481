import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponse, type LoginBody, type LoginResponse } from '@safqa/shared/validation/auth';
import { mfaRequiredResponse, type MfaRequiredResponse } from '@safqa/shared/validation/auth-mfa';
import { api, ApiError } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { setTokens } from '@/lib/session';

/** Thrown when a 200 answer lacks the tokens or the user (SPEC.md section 8 "invalid login response"). */
export class InvalidLoginResponse extends ApiError {
  constructor() {
    super('Invalid login response', 200, { code: 'INVALID_LOGIN_RESPONSE' });
  }
}

/** A complete sign-in: the tokens are stored (signed in). */
export function acceptSignIn(answer: unknown): LoginResponse {
  const parsed = loginResponse.safeParse(answer);
  if (!parsed.success) throw new InvalidLoginResponse();
  setTokens({ accessToken: parsed.data.accessToken, refreshToken: parsed.data.refreshToken });
  return parsed.data;
}

/**
 * POST /api/auth/login; on success the tokens are stored (signed in) and the user query refreshed.
 * With two-step sign-in on, the answer is the second step's token instead, and nothing is stored.
 */
export async function login(body: LoginBody): Promise<LoginResponse | MfaRequiredResponse> {
  const answer = await api.post<unknown>('/api/auth/login', body);
  const secondStep = mfaRequiredResponse.safeParse(answer);
  if (secondStep.success) return secondStep.data;
  return acceptSignIn(answer);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('accessToken' in answer) void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}
