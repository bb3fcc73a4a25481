import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY } from '@safqa/shared/constants';
import { api } from '@/lib/api-client';

/** FAQ of API.md "Public content"; a text may be missing in one language. */
export interface Faq {
  id: number;
  questionAr: string | null;
  answerAr: string | null;
  questionEn: string | null;
  answerEn: string | null;
}

export async function fetchFaqs(search: string, signal?: AbortSignal): Promise<Faq[]> {
  const response = await api.get<{ faqs: Faq[] }>('/api/faqs', { query: { search }, signal });
  return response.faqs;
}

/** GET /api/faqs?search=, cached for 5 minutes (SPEC.md section 9). */
export const faqsQuery = (search: string) =>
  queryOptions({
    queryKey: ['/api/faqs', search],
    queryFn: ({ signal }) => fetchFaqs(search, signal),
    staleTime: QUERY.faqCacheMs,
    gcTime: QUERY.faqCacheMs,
  });

export function useFaqs(search: string) {
  return useQuery(faqsQuery(search));
}
