import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@safqa/shared/validation/notifications';
import { resetNotificationCount, setNotificationCount } from '@/lib/notification-count';
import { clearTokens, setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import NotificationBell from './notification-bell';

const match: Notification = {
  id: 9,
  type: 'saved_search_match',
  title: 'فرصة جديدة لبحثك «مقاهي»',
  body: 'مقهى الواحة',
  link: '/opportunities/41',
  readAt: null,
  createdAt: new Date().toISOString(),
};

function page(items: Notification[]) {
  const unreadCount = items.filter((n) => n.readAt === null).length;
  return jsonResponse({
    data: items,
    pagination: { page: 1, pageSize: 8, total: items.length, totalPages: 1 },
    unreadCount,
  });
}

beforeEach(async () => {
  await setLanguage('ar');
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
});
afterEach(() => {
  clearTokens();
  resetNotificationCount();
  vi.unstubAllGlobals();
});

describe('the notification bell', { timeout: 30_000 }, () => {
  it('shows the unread count, follows the live count, and marks a notification read when it is opened', async () => {
    let items: Notification[] = [];
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === '/api/notifications') return page(items);
      if (url.pathname === '/api/notifications/read' && init?.method === 'POST') {
        const ids = (JSON.parse(String(init.body)) as { ids?: number[] }).ids;
        items = items.map((n) =>
          !ids || ids.includes(n.id) ? { ...n, readAt: new Date().toISOString() } : n,
        );
        return jsonResponse({ unreadCount: items.filter((n) => n.readAt === null).length });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell itemClassName="" />, {
      path: '/',
      routes: [{ path: '/opportunities/:id', element: <h1>listing page</h1> }],
    });
    expect(await screen.findByRole('button', { name: 'الإشعارات، لا جديد' })).toBeVisible();

    // A `notification` event on the stream: the count rises and the list is fetched again.
    items = [match];
    act(() => setNotificationCount(1));
    const bell = await screen.findByRole('button', { name: 'الإشعارات، إشعار واحد غير مقروء' });
    await waitFor(() => expect(calledUrls(fetchMock, '/api/notifications').length).toBeGreaterThan(1));

    await user.click(bell);
    const panel = await screen.findByRole('dialog');
    await user.click(await within(panel).findByRole('link', { name: /مقهى الواحة/ }));
    expect(await screen.findByRole('heading', { name: 'listing page' })).toBeVisible();
    await waitFor(() => expect(calledUrls(fetchMock, '/api/notifications/read')).toHaveLength(1));
    const read = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/notifications/read'));
    expect(JSON.parse(String(read![1]!.body))).toEqual({ ids: [9] });
  });

  it('marks everything read from the panel, and says when there is nothing', async () => {
    let items: Notification[] = [match, { ...match, id: 8, title: 'قُبل عرضك', type: 'offer_status' }];
    mockApi((url, init) => {
      if (url.pathname === '/api/notifications') return page(items);
      if (url.pathname === '/api/notifications/read' && init?.method === 'POST') {
        items = [];
        return jsonResponse({ unreadCount: 0 });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell itemClassName="" />);
    await user.click(await screen.findByRole('button', { name: 'الإشعارات، إشعاران غير مقروءين' }));
    const panel = await screen.findByRole('dialog');
    await user.click(await within(panel).findByRole('button', { name: 'تعليم الكل كمقروء' }));
    expect(await within(panel).findByText('لا توجد إشعارات بعد')).toBeVisible();
    expect(screen.getByRole('button', { name: 'الإشعارات، لا جديد' })).toBeVisible();
  });
});
