import { useMutation } from '@tanstack/react-query';
import type { EmailCaptchaBody } from '@safqa/shared/validation/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: always 'If there is an account, an email has been sent.' */
export function forgotPassword(body: EmailCaptchaBody) {
  return api.post<{ message: string }>('/api/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
