import { useMemo, useSyncExternalStore } from 'react';
import { getTokens, subscribeSession, userFromToken, type SessionUser } from './session';

export interface SessionState {
  accessToken: string | null;
  user: SessionUser | null;
  isSignedIn: boolean;
  isAdmin: boolean;
}

const getAccessToken = () => getTokens().accessToken;

/** The current session, re-rendering when tokens change (sign-in, refresh, sign-out, another tab). */
export function useSession(): SessionState {
  const accessToken = useSyncExternalStore(subscribeSession, getAccessToken, () => null);
  return useMemo(() => {
    const user = userFromToken(accessToken);
    return { accessToken, user, isSignedIn: user !== null, isAdmin: user?.role === 'admin' };
  }, [accessToken]);
}
