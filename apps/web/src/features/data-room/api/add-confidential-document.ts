import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfidentialDocument, ConfidentialDocumentInput } from '@safqa/shared/validation/data-room';
import { DOCUMENT_UPLOAD_FIELD } from '@safqa/shared/validation/uploads';
import { api } from '@/lib/api-client';
import { opportunityKeyPrefix } from '@/lib/get-opportunity';

/** The owner's new confidential document: the file to upload and the name to show. */
export interface NewConfidentialDocument {
  file: File;
  name: string;
}

/** POST /api/uploads/docs, then POST /api/opportunities/{id}/confidential-documents with its link. */
export async function addConfidentialDocument(
  opportunityId: number,
  { file, name }: NewConfidentialDocument,
) {
  const body = new FormData();
  body.append(DOCUMENT_UPLOAD_FIELD, file, file.name);
  const uploaded = await api.post<{ files: Array<{ url: string }> }>('/api/uploads/docs', body, {
    auth: true,
  });
  const input: ConfidentialDocumentInput = { url: uploaded.files[0]!.url, name };
  const answer = await api.post<{ document: ConfidentialDocument }>(
    `/api/opportunities/${opportunityId}/confidential-documents`,
    input,
    { auth: true },
  );
  return answer.document;
}

/** The new document shows in the listing's detail (its documents), whoever's cache holds it. */
export function useAddConfidentialDocument(opportunityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewConfidentialDocument) => addConfidentialDocument(opportunityId, input),
    onSettled: () => client.invalidateQueries({ queryKey: opportunityKeyPrefix(opportunityId) }),
  });
}
