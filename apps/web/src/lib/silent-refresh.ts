import { useEffect } from 'react';
import { isApiError, refreshSession } from './api-client';
import { getTokens, msUntilExpiry, subscribeSession } from './session';

/** SPEC.md sections 4 and 9: refresh one minute before the access token expires. */
export const REFRESH_LEAD_MS = 60_000;
/** After a network failure (the session is kept), try again this much later. */
export const REFRESH_RETRY_MS = 30_000;

/**
 * Keeps the session alive: one refresh a minute before expiry (at once when less remains, including a
 * token that expired while the tab slept), scheduled again after every token change, here or in
 * another tab. A refresh the server refuses ends the session (refreshSession does that); a network
 * failure is retried. Returns the stop function.
 */
export function startSilentRefresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay?: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const { accessToken, refreshToken } = getTokens();
    if (!refreshToken) return;
    const left = msUntilExpiry(accessToken);
    const wait = delay ?? (left === null ? 0 : Math.max(0, left - REFRESH_LEAD_MS));
    // setTimeout caps at about 24.8 days; a token never lives that long, but stay safe.
    timer = setTimeout(run, Math.min(wait, 2 ** 31 - 1));
  };

  const run = () => {
    timer = undefined;
    refreshSession().catch((error: unknown) => {
      // Refused: the session has ended and the tokens are gone, so nothing is scheduled again.
      if (isApiError(error) && error.status === 0) schedule(REFRESH_RETRY_MS);
    });
  };

  const unsubscribe = subscribeSession(() => schedule());
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

/** Mounted once by the root layout. */
export function useSilentRefresh() {
  useEffect(() => startSilentRefresh(), []);
}
