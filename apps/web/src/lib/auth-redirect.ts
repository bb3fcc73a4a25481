/**
 * Where to go after signing in: RequireAuth sends signed-out visitors to /login?redirect=<path>
 * (and state.from). Only same-site paths are followed, never another origin.
 */
export function loginPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** The page a signed-out visitor wanted: ?redirect= first, then router state `from`. */
export function redirectTarget(search: string, state: unknown, fallback = '/'): string {
  const fromQuery = new URLSearchParams(search).get('redirect');
  if (fromQuery) return safeRedirect(fromQuery, fallback);
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (from?.pathname) return safeRedirect(`${from.pathname}${from.search ?? ''}${from.hash ?? ''}`, fallback);
  return fallback;
}

/**
 * Why a page sent a signed-out visitor to /login, said above the form (issue 22: the advisors page
 * sent them there "without a word of why"): the advisors of a listing name themselves, any other
 * page is "the page you asked for"; no target, no reason.
 */
export function loginReason(target: string): 'advisors' | 'page' | null {
  if (!target) return null;
  return /^\/opportunities\/\d+\/advisors(?:[?#]|$)/.test(target) ? 'advisors' : 'page';
}
