import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { passkeysKey } from './get-passkeys';

/** DELETE /api/auth/passkeys/{id}: the passkey no longer signs in. */
export function removePasskey(id: number) {
  return api.delete(`/api/auth/passkeys/${id}`, { auth: true });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}
