import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatSummary } from '@safqa/shared/validation/chat';
import { loadAreas } from '@/lib/i18n';
import { clearTokens, setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { FakeEventSource } from '@/test/fake-event-source';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { ChatLiveConnection } from '../components/chat-live-connection';
import { Component as ChatsPage } from './chats-page';

const chat = (id: number, username: string): ChatSummary => ({
  id,
  opportunity: {
    id: 11,
    opportunityName: 'Baraem Kindergarten',
    opportunityNameAr: 'روضة براعم',
    logo: null,
  },
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
  FakeEventSource.reset();
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

  it('moves a chat of a later page to the top when a message arrives on the stream', async () => {
    await setLanguage('en');
    await loadAreas(['chat']);
    vi.stubGlobal('EventSource', FakeEventSource);
    const state = { moved: false };
    mockApi((url) => {
      if (url.pathname === '/api/chat/unread-count') return jsonResponse({ unreadCount: 0 });
      if (url.pathname !== '/api/chat') return undefined;
      const order = state.moved
        ? [chat(3, 'fahad'), chat(1, 'salem'), chat(2, 'noura')]
        : [chat(1, 'salem'), chat(2, 'noura'), chat(3, 'fahad')];
      const first = !url.searchParams.has('cursor');
      return jsonResponse(
        first ? { chats: order.slice(0, 2), nextCursor: 'c2' } : { chats: order.slice(2), nextCursor: null },
      );
    });
    renderWithProviders(
      <>
        <ChatLiveConnection />
        <ChatsPage />
      </>,
      { path: '/profile/chats' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show more chats' }));
    const list = screen.getByRole('list', { name: 'Chat list' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));

    state.moved = true;
    const message = {
      id: 9,
      chatId: 3,
      senderId: 103,
      body: 'hi',
      removed: false,
      createdAt: '2026-11-26T10:00:00.000Z',
      readAt: null,
    };
    act(() => FakeEventSource.open[0]!.emit('new_message', { chatId: 3, message, unreadCount: 1 }));
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        expect.stringContaining('fahad'),
        expect.stringContaining('salem'),
        expect.stringContaining('noura'),
      ]),
    );
  });
});
