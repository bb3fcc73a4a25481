import { DOCUMENT_UPLOAD_FIELD } from '@safqa/shared/validation/uploads';
import { api } from '@/lib/api-client';

/** POST /api/uploads/docs: the caller's own document, attached to a checklist item by its id. */
export async function uploadDealDocument(file: File): Promise<{ id: number; name: string }> {
  const body = new FormData();
  body.append(DOCUMENT_UPLOAD_FIELD, file, file.name);
  const answer = await api.post<{ files: Array<{ id: number; name: string }> }>('/api/uploads/docs', body, {
    auth: true,
  });
  return answer.files[0]!;
}
