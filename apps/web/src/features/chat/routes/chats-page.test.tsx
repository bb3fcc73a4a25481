import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { loadAreas } from '@/lib/i18n';
import { clearTokens, setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as ChatsPage } from './chats-page';

const chat = (id: number, username: string): ChatSummary => ({
  id,
  opportunity: { id: 11, opportunityName: 'Baraem Kindergarten', opportunityNameAr: 'روضة براعم', logo: null },
  kind: 'listing',
  otherUser: { id: 100 + id, username, buyerVerified: false },
  lastMessage: null,
  unreadCount: 0,
  updatedAt: '2026-11-25T10:00:00.000Z',
});

/** Page 1 (no cursor) and page 2 (`cursor=c2`); page 2 fails while `failing` is set. */
function serveTwoPages(state: { failing: boolean }) {
  return mockApi((url) => {
    if (url.pathname !== '/api/chat') return undefined;
    if (!url.searchParams.has('cursor')) {
      return jsonResponse({ chats: [chat(1, 'salem'), chat(2, 'noura')], nextCursor: 'c2' });
    }
    if (state.failing) return jsonResponse({ code: 'INTERNAL', message: 'boom' }, { status: 500 });
    // Noura's chat moved up meanwhile and is also on this page: it is shown once.
    return jsonResponse({ chats: [chat(2, 'noura'), chat(3, 'fahad')], nextCursor: null });
  });
}

beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '7', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
});
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('/profile/chats paging', () => {
  it('loads the next page on "show more", says when the list ends (Arabic)', async () => {
    await setLanguage('ar');
    await loadAreas(['chat']);
    const fetchMock = serveTwoPages({ failing: false });
    renderWithProviders(<ChatsPage />, { path: '/profile/chats' });
    const list = await screen.findByRole('list', { name: 'قائمة المحادثات' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('وصلت إلى نهاية محادثاتك')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'عرض المزيد من المحادثات' }));
    expect(await screen.findByText('fahad')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('وصلت إلى نهاية محادثاتك')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'عرض المزيد من المحادثات' })).not.toBeInTheDocument();
    expect(calledUrls(fetchMock, '/api/chat').map((url) => url.searchParams.get('cursor'))).toEqual([
      null,
      'c2',
    ]);
  });

  it('keeps the list when the next page fails and retries it (English)', async () => {
    await setLanguage('en');
    await loadAreas(['chat']);
    const state = { failing: true };
    serveTwoPages(state);
    renderWithProviders(<ChatsPage />, { path: '/profile/chats' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show more chats' }));
    expect(await screen.findByText('Could not load more chats')).toBeInTheDocument();
    expect(screen.getByText('salem')).toBeInTheDocument();
    expect(screen.queryByText('Could not load your chats')).not.toBeInTheDocument();

    state.failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('fahad')).toBeInTheDocument();
    expect(screen.queryByText('Could not load more chats')).not.toBeInTheDocument();
    expect(screen.getByText('You have reached the end of your chats')).toBeInTheDocument();
  });
});
