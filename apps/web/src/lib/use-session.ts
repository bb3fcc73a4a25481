import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { getTokens, subscribeSession, userFromToken, type SessionUser } from './session';

export interface SessionState {
  accessToken: string | null;
  user: SessionUser | null;
  isSignedIn: boolean;
  isAdmin: boolean;
  /**
   * Server rendering and hydration of a page for a visitor whose `signed_in` cookie says they are
   * signed in: the tokens (localStorage) are not known yet, so show neither "Log in" nor the account.
   */
  isPending: boolean;
}

const SessionHintContext = createContext(false);
export const SessionHintProvider = SessionHintContext.Provider;

const PENDING = '\u0000pending';
const getAccessToken = () => getTokens().accessToken;

/** The current session, re-rendering when tokens change (sign-in, refresh, sign-out, another tab). */
export function useSession(): SessionState {
  const signedInHint = useContext(SessionHintContext);
  // The server (and hydration, which must match it) cannot read localStorage.
  const snapshot = useSyncExternalStore(subscribeSession, getAccessToken, () =>
    signedInHint ? PENDING : null,
  );
  return useMemo(() => {
    if (snapshot === PENDING)
      return { accessToken: null, user: null, isSignedIn: false, isAdmin: false, isPending: true };
    const user = userFromToken(snapshot);
    return {
      accessToken: snapshot,
      user,
      isSignedIn: user !== null,
      isAdmin: user?.role === 'admin',
      isPending: false,
    };
  }, [snapshot]);
}
