import { apiRequest } from './api-client';

/**
 * Analytics (SPEC.md section 7): POST /api/analytics/events, fire and forget. A failure is ignored:
 * measuring must never break the page. Paths are sent without the query string, so tokens in links
 * (/reset-password?token=…) never reach the analytics store.
 */

export type AnalyticsEventName =
  | 'page_view'
  | 'email_verification_resend'
  | 'email_verification_success'
  | 'password_reset_request'
  | 'password_reset_success';

export function trackEvent(
  name: AnalyticsEventName,
  properties?: Record<string, string | number | boolean | null>,
  path: string = window.location.pathname,
) {
  try {
    void apiRequest('/api/analytics/events', {
      method: 'POST',
      body: properties ? { name, path, properties } : { name, path },
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    /* never let measuring break the page */
  }
}

let lastPageView: string | null = null;

/**
 * One page view per path: the layout calls this on every location change, and a change of only the
 * query string or hash (search filters, paging) is the same page, so it is not counted again.
 */
export function trackPageView(pathname: string) {
  if (pathname === lastPageView) return;
  lastPageView = pathname;
  trackEvent('page_view', undefined, pathname);
}

/** Test hook: forget the last tracked path. */
export function resetPageViewTracking() {
  lastPageView = null;
}
