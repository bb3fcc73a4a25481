import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@safqa/shared/validation/common';
import type { DocumentDownload } from '@safqa/shared/validation/data-room';
import { api } from '@/lib/api-client';

export const documentDownloadsKey = (opportunityId: number) =>
  ['/api/opportunities', opportunityId, 'document-downloads'] as const;

export function fetchDocumentDownloads(opportunityId: number, page: number, signal?: AbortSignal) {
  return api.get<Paged<DocumentDownload>>(`/api/opportunities/${opportunityId}/document-downloads`, {
    auth: true,
    signal,
    query: { page },
  });
}

/** GET /api/opportunities/{id}/document-downloads?page=: who opened which confidential document, and when. */
export const documentDownloadsQuery = (opportunityId: number, page: number) =>
  queryOptions({
    queryKey: [...documentDownloadsKey(opportunityId), { page }],
    queryFn: ({ signal }) => fetchDocumentDownloads(opportunityId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useDocumentDownloads(opportunityId: number, page: number) {
  return useQuery(documentDownloadsQuery(opportunityId, page));
}
