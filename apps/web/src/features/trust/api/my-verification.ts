import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  VERIFICATION_FILE_FIELD,
  type MyVerification,
  type VerificationKind,
} from '@safqa/shared/validation/verifications';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

const key = ['/api/users/me/verification'] as const;

/** GET /api/users/me/verification: whether the caller is a verified buyer, and their requests. */
export function useMyVerification() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<MyVerification>('/api/users/me/verification', { auth: true, signal }),
  });
}

export interface VerificationUpload {
  kind: VerificationKind;
  note?: string | undefined;
  file: File;
}

/** POST /api/users/me/verification (multipart): a new request, then the tab and the user refresh. */
export function useSendVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, note, file }: VerificationUpload) => {
      const body = new FormData();
      body.append('kind', kind);
      if (note) body.append('note', note);
      body.append(VERIFICATION_FILE_FIELD, file);
      return api.post<{ verification: { id: number } }>('/api/users/me/verification', body, { auth: true });
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: key }),
        client.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
