import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponse, type LoginBody, type LoginResponse } from '@safqa/shared/validation/auth';
import { api, ApiError } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { setTokens } from '@/lib/session';

/** Thrown when a 200 answer lacks the tokens or the user (SPEC.md section 8 "invalid login response"). */
export class InvalidLoginResponse extends ApiError {
  constructor() {
    super('Invalid login response', 200, { code: 'INVALID_LOGIN_RESPONSE' });
  }
}

/** POST /api/auth/login; on success the tokens are stored (signed in) and the user query refreshed. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const answer = loginResponse.safeParse(await api.post<unknown>('/api/auth/login', body));
  if (!answer.success) throw new InvalidLoginResponse();
  setTokens({ accessToken: answer.data.accessToken, refreshToken: answer.data.refreshToken });
  return answer.data;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
