import { STORAGE_KEYS } from '@safqa/shared/constants';
import { writeSignedInCookie } from './page-cookies';

/**
 * The browser session (SPEC.md section 4): tokens under localStorage `token` and `refreshToken`.
 * Signed in means the access token is present, decodable and not past its expiry. Everything that
 * changes the tokens goes through here, so subscribers (useSession, the navbar, RequireAuth) stay in step.
 */

export type Role = 'owner' | 'admin';

export interface Tokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** The claims the server puts in an access token (API.md: `sub`, `role`, `exp`). */
export interface TokenClaims {
  sub?: string;
  role?: string;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}

export interface SessionUser {
  id: number;
  role: Role;
}

/**
 * Why a session ended: the user asked (`logout`), the server no longer accepts it (`expired`), or the
 * server says it was ended elsewhere (`revoked`: signed out from another device, a password change).
 */
export type SessionEndReason = 'logout' | 'expired' | 'revoked';

const changeListeners = new Set<() => void>();
/** Why the last session ended, until the next sign-in (RequireAuth: a user who logged out is not sent back). */
let lastEnd: SessionEndReason | null = null;
const endListeners = new Set<(reason: SessionEndReason) => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage blocked: the session simply does not persist */
  }
}

function notifyChange() {
  for (const listener of changeListeners) listener();
}

export function getTokens(): Tokens {
  return { accessToken: read(STORAGE_KEYS.token), refreshToken: read(STORAGE_KEYS.refreshToken) };
}

/** Stores a new access token; the refresh token is replaced only when one is given. */
export function setTokens(tokens: { accessToken: string; refreshToken?: string | null }) {
  lastEnd = null;
  write(STORAGE_KEYS.token, tokens.accessToken);
  if (tokens.refreshToken) write(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  writeSignedInCookie(true);
  notifyChange();
}

export function clearTokens() {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.refreshToken, null);
  writeSignedInCookie(false);
  notifyChange();
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a JWT without verifying it (the server verifies); null when it is not a JWT. */
export function decode(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** Present, decodable and not past `exp` (seconds since the epoch). */
export function isTokenValid(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const claims = decode(token);
  return typeof claims?.exp === 'number' && claims.exp * 1000 > nowMs;
}

/** Milliseconds until the token expires (negative when past); null when it carries no expiry. */
export function msUntilExpiry(token: string | null | undefined, nowMs: number = Date.now()): number | null {
  const claims = decode(token);
  return typeof claims?.exp === 'number' ? claims.exp * 1000 - nowMs : null;
}

/** The signed-in user as the token describes it, or null when signed out. */
export function userFromToken(
  token: string | null | undefined,
  nowMs: number = Date.now(),
): SessionUser | null {
  if (!isTokenValid(token, nowMs)) return null;
  const claims = decode(token)!;
  const id = Number(claims.sub);
  if (!Number.isInteger(id) || id <= 0) return null;
  return { id, role: claims.role === 'admin' ? 'admin' : 'owner' };
}

export function getSessionUser(): SessionUser | null {
  return userFromToken(getTokens().accessToken);
}

/** Calls `listener` whenever the tokens change, here or in another tab. Returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Ends the session: clears the tokens and, when there was one, tells the app (which clears caches
 * and goes to /login). Safe to call repeatedly; only the first call of a session notifies.
 */
export function endSession(reason: SessionEndReason) {
  const { accessToken, refreshToken } = getTokens();
  if (accessToken || refreshToken) lastEnd = reason;
  clearTokens();
  if (!accessToken && !refreshToken) return;
  for (const listener of endListeners) listener(reason);
}

/** 'logout' right after the user logged out (until the next sign-in), 'expired' or 'revoked' after a refused session. */
export function lastSessionEnd(): SessionEndReason | null {
  return lastEnd;
}

export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.refreshToken) {
      notifyChange();
    }
  });
}
