import { useMutation } from '@tanstack/react-query';
import type { ContactMessage } from '@safqa/shared/validation/contact';
import { api } from '@/lib/api-client';

export function sendContactMessage(values: ContactMessage) {
  return api.post<{ message: string }>('/api/contact', values);
}

/** POST /api/contact; the answer's body is not used (SPEC.md section 7). */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
