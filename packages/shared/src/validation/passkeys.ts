import { z } from 'zod';
import { email } from './common';

/**
 * Passkeys (API.md "Account security"): WebAuthn registration and sign-in. The bodies carry what
 * the browser's `navigator.credentials` answered, in the JSON form @simplewebauthn/browser writes;
 * every binary value is base64url. Objects are strict, so an unknown field is a 400; only the
 * client extension results stay open (the browser may add outputs we never asked for, and the
 * server reads none of them).
 */

/** Base64url without padding, as WebAuthn's JSON serialisation writes binary values. */
const base64url = (max: number) =>
  z
    .string()
    .min(1, { error: 'required' })
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);

const transport = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const attachment = z.enum(['platform', 'cross-platform']);
const clientExtensionResults = z.record(z.string().max(64), z.unknown());

/** What a person may call a passkey ("Work laptop"); given when it is added, never changed. */
export const passkeyName = z.string().trim().min(1, { error: 'required' }).max(60);

export const passkeyNameForm = z.object({ name: passkeyName });
export type PasskeyNameFormValues = z.output<typeof passkeyNameForm>;

/** `RegistrationResponseJSON`: a new credential and its attestation. */
/** What every WebAuthn answer carries besides its `response`: the credential and how it was reached. */
const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: attachment.optional(),
  clientExtensionResults,
};

export const registrationResponse = z
  .object({
    ...credentialFields,
    response: z
      .object({
        clientDataJSON: base64url(4096),
        attestationObject: base64url(16_384),
        authenticatorData: base64url(8192).optional(),
        transports: z.array(transport).max(8).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url(4096).optional(),
      })
      .strict(),
  })
  .strict();

/** `AuthenticationResponseJSON`: an assertion signed by a credential. */
export const authenticationResponse = z
  .object({
    ...credentialFields,
    response: z
      .object({
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(8192),
        signature: base64url(2048),
        userHandle: base64url(128).optional(),
      })
      .strict(),
  })
  .strict();

/** POST /api/auth/passkeys */
export const addPasskeyBody = z
  .object({ response: registrationResponse, name: passkeyName.optional() })
  .strict();
export type AddPasskeyBody = z.output<typeof addPasskeyBody>;

/** POST /api/auth/passkeys/login/options: no email asks for any passkey of this site. */
export const passkeyLoginOptionsBody = z.object({ email: email.optional() }).strict();
export type PasskeyLoginOptionsBody = z.output<typeof passkeyLoginOptionsBody>;

/** POST /api/auth/passkeys/login */
export const passkeyLoginBody = z.object({ response: authenticationResponse }).strict();
export type PasskeyLoginBody = z.output<typeof passkeyLoginBody>;

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** Null until the passkey first signs in. */
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyResponse = z.object({ passkey });
export const passkeysResponse = z.object({ data: z.array(passkey) });
export type PasskeysResponse = z.infer<typeof passkeysResponse>;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** The JSON form of `PublicKeyCredentialCreationOptions` (what @simplewebauthn/browser takes). */
export const registrationOptionsResponse = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  attestationFormats: z.array(z.string()).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsResponse>;

/** The JSON form of `PublicKeyCredentialRequestOptions`. */
export const loginOptionsResponse = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type LoginOptions = z.infer<typeof loginOptionsResponse>;
