import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/utils';
import { resetPageViewTracking, trackEvent, trackPageView } from './analytics';

const fetchMock = vi.fn<typeof fetch>();
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown }));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({}, { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=t.s';
  resetPageViewTracking();
});
afterEach(() => vi.unstubAllGlobals());

describe('analytics', () => {
  it('posts a page view per path, not again for a query-only change', () => {
    trackPageView('/search');
    trackPageView('/search');
    trackPageView('/faq');
    trackPageView('/search');
    expect(sent()).toEqual([
      { url: '/api/analytics/events', body: { name: 'page_view', path: '/search' } },
      { url: '/api/analytics/events', body: { name: 'page_view', path: '/faq' } },
      { url: '/api/analytics/events', body: { name: 'page_view', path: '/search' } },
    ]);
    expect(fetchMock.mock.calls[0]![1]!.keepalive).toBe(true);
  });

  it('posts named events with properties and the current path', () => {
    window.history.pushState({}, '', '/verify-email?token=secret');
    trackEvent('email_verification_success', { attempt: 1 });
    expect(sent()).toEqual([
      {
        url: '/api/analytics/events',
        body: { name: 'email_verification_success', path: '/verify-email', properties: { attempt: 1 } },
      },
    ]);
  });

  // Vitest fails the run on an unhandled rejection, so waiting a moment is enough to prove there is none.
  it('never throws nor rejects when the server fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    expect(() => trackEvent('password_reset_request')).not.toThrow();
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    expect(() => trackPageView('/x')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
