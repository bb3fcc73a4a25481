import { useMutation } from '@tanstack/react-query';
import type { EmailCaptchaBody } from '@safqa/shared/validation/auth';
import { api } from '@/lib/api-client';

/** POST /api/auth/resend-verification: the same answer whether or not the email has an account. */
export function resendVerification(body: EmailCaptchaBody) {
  return api.post<{ message: string }>('/api/auth/resend-verification', body);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
