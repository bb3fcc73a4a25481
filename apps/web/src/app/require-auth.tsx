import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '@/lib/auth-redirect';
import { lastSessionEnd } from '@/lib/session';
import { useSession } from '@/lib/use-session';

/**
 * Layout route around the pages of SPEC.md "Routes requiring a signed-in user": signed-out visitors
 * go to /login, which gets the original location both as ?redirect= and as state.from (not after an
 * explicit logout).
 */
export function RequireAuth() {
  const { isSignedIn } = useSession();
  const location = useLocation();
  if (!isSignedIn) {
    // Logging out goes to plain /login (SPEC.md section 4): the next person to sign in here is not
    // sent back to the page the last one was on.
    if (lastSessionEnd() === 'logout') return <Navigate to="/login" replace />;
    return <Navigate to={loginPathFor(location)} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
