import { vi } from 'vitest';

/**
 * A browser with WebAuthn for component tests (jsdom has none): `PublicKeyCredential` and
 * `navigator.credentials` exist; the dialogs themselves are @simplewebauthn/browser's, which the
 * tests mock. Returns the undo.
 */
export function withWebAuthn(): () => void {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: { get: vi.fn(), create: vi.fn() },
  });
  return () => {
    vi.unstubAllGlobals();
    delete (navigator as { credentials?: unknown }).credentials;
  };
}

/** What the browser throws when the person closes the passkey dialog. */
export function cancelledByUser(): Error {
  const error = new Error('The operation either timed out or was not allowed.');
  error.name = 'NotAllowedError';
  return error;
}
