import { useQuery } from '@tanstack/react-query';
import type { AdminFaq } from '@safqa/shared/validation/faqs';

/** GET /api/admin/faqs: every FAQ in display order, with its sort order. */
export function useAdminFaqs() {
  return useQuery<{ data: AdminFaq[] }, Error, AdminFaq[]>({
    queryKey: ['/api/admin/faqs'],
    select: (answer) => answer.data,
  });
}
