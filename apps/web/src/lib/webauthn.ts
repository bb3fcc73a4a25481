import { useSyncExternalStore } from 'react';

/**
 * Passkeys in the browser. @simplewebauthn/browser is loaded only when a passkey is used (the
 * login page's passkey button, the profile's passkeys tab), never with the first page: the home
 * page's JavaScript budget has no room for it.
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can create and use passkeys. */
export function supportsPasskeys(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator.credentials?.get === 'function'
  );
}

/** Support does not change while the page is open: nothing to subscribe to. */
const noSubscription = () => () => {};

/**
 * supportsPasskeys(), but true on the server and while hydrating: nearly every browser has WebAuthn,
 * so the passkey button is in the server's HTML and the page does not shift when it hydrates (the
 * login page moved by 0.02 at 375 px when the button appeared then). A browser without WebAuthn
 * removes it right after hydrating.
 */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(noSubscription, supportsPasskeys, () => true);
}

/** The person closed the browser's passkey dialog, or let it time out (WebAuthnError keeps the name). */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** The authenticator already holds a passkey of this account (the options excluded it). */
export function isPasskeyAlreadyAdded(error: unknown): boolean {
  return error instanceof Error && error.name === 'InvalidStateError';
}
