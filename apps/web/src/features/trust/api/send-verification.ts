import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VERIFICATION_FILE_FIELD, type VerificationKind } from '@safqa/shared/validation/verifications';
import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { myVerificationKey } from './get-my-verification';

export interface VerificationUpload {
  kind: VerificationKind;
  note?: string | undefined;
  file: File;
}

/** POST /api/users/me/verification (multipart): a new request for the admins to check. */
export function sendVerification({ kind, note, file }: VerificationUpload) {
  const body = new FormData();
  body.append('kind', kind);
  if (note) body.append('note', note);
  body.append(VERIFICATION_FILE_FIELD, file);
  return api.post<{ verification: { id: number } }>('/api/users/me/verification', body, { auth: true });
}

/** After a request (or a refusal) the tab and the user refresh. */
export function useSendVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendVerification,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: myVerificationKey }),
        client.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
