import { DOCUMENT_UPLOAD_FIELD, IMAGE_UPLOAD_FIELD } from '@safqa/shared/validation/uploads';
import { api, type UploadProgress } from '@/lib/api-client';

export interface UploadedImage {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  size: number;
  mimeType: string;
}
export interface UploadedDocument {
  url: string;
  name: string;
  size: number;
  mimeType: string;
  expiresAt: string;
}

function form(field: string, file: File) {
  const body = new FormData();
  body.append(field, file, file.name);
  return body;
}

/** POST /api/uploads/images: one file per call; the first item of `files` is the stored picture. */
export async function uploadImage(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) {
  const answer = await api.post<{ files: UploadedImage[] }>(
    '/api/uploads/images',
    form(IMAGE_UPLOAD_FIELD, file),
    {
      auth: true,
      onProgress,
      signal,
    },
  );
  return answer.files[0]!;
}

/** POST /api/uploads/docs: one file per call; the first item of `files` is kept. */
export async function uploadDocument(
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
) {
  const answer = await api.post<{ files: UploadedDocument[] }>(
    '/api/uploads/docs',
    form(DOCUMENT_UPLOAD_FIELD, file),
    {
      auth: true,
      onProgress,
      signal,
    },
  );
  return answer.files[0]!;
}
