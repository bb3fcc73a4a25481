import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { Passkey, RegistrationOptions } from '@safqa/shared/validation/passkeys';
import { api } from '@/lib/api-client';
import { loadWebAuthn } from '@/lib/webauthn';
import { passkeysKey } from './get-passkeys';

/**
 * Adds a passkey: creation options from the server, the browser's dialog (the authenticator makes
 * the key), then POST /api/auth/passkeys with what it answered and the name typed.
 */
export async function addPasskey(name: string): Promise<{ passkey: Passkey }> {
  const [{ startRegistration }, options] = await Promise.all([
    loadWebAuthn(),
    api.post<RegistrationOptions>('/api/auth/passkeys/register/options', undefined, { auth: true }),
  ]);
  const response = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.post<{ passkey: Passkey }>('/api/auth/passkeys', { response, name }, { auth: true });
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}
