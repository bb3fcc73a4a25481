import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/session';
import { resetUnreadCount, useUnreadCount } from '@/lib/unread-count';
import { fakeJwt, inOneHour, jsonResponse, testQueryClient } from '@/test/utils';
import { messagesKey, type MessagesData } from '../api/get-messages';
import { FakeEventSource } from '@/test/fake-event-source';
import { ChatLiveConnection } from './chat-live-connection';

function Badge() {
  return <output aria-label="badge">{useUnreadCount()}</output>;
}

const badge = () => screen.getByLabelText('badge').textContent;
const message = (id: number) => ({
  id,
  chatId: 3,
  senderId: 9,
  body: `m${id}`,
  removed: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  readAt: null,
});

function setup(unreadCount = 2) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input).startsWith('/api/chat/unread-count')) return jsonResponse({ unreadCount });
    return jsonResponse({});
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ChatLiveConnection />
      <Badge />
    </QueryClientProvider>,
  );
  return { client, fetchMock };
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  resetUnreadCount();
});
afterEach(() => {
  FakeEventSource.reset();
  vi.unstubAllGlobals();
  clearTokens();
});

describe('ChatLiveConnection', () => {
  it('stays closed while signed out', () => {
    setup();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(badge()).toBe('0');
  });

  it('loads the badge on sign-in, raises it on new_message and replaces it on unread_count_updated', async () => {
    const token = fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() });
    setTokens({ accessToken: token, refreshToken: 'r' });
    setup(2);
    await waitFor(() => expect(badge()).toBe('2'));
    const [source] = FakeEventSource.open;
    expect(source?.url).toBe(`/api/chat/stream?token=${encodeURIComponent(token)}`);

    act(() => source!.emit('new_message', { chatId: 3, message: message(1), unreadCount: 1 }));
    expect(badge()).toBe('2');
    act(() => source!.emit('new_message', { chatId: 3, message: message(2), unreadCount: 5 }));
    expect(badge()).toBe('5');
    act(() => source!.emit('unread_count_updated', { unreadCount: 1 }));
    expect(badge()).toBe('1');
  });

  it('keeps the count of the stream when the first count request answers after it', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <ChatLiveConnection />
        <Badge />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    act(() => FakeEventSource.open[0]!.emit('unread_count_updated', { unreadCount: 0 }));
    await act(async () => answer(jsonResponse({ unreadCount: 3 })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(badge()).toBe('0');
  });

  it('adds live messages to an open chat window and read marks to the sender side', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    const { client } = setup(0);
    const mine = { ...message(1), senderId: 5 };
    client.setQueryData<MessagesData>(messagesKey(3), {
      pages: [{ messages: [mine] }],
      pageParams: [undefined],
    });
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    const [source] = FakeEventSource.open;
    act(() => source!.emit('new_message', { chatId: 3, message: message(2), unreadCount: 1 }));
    act(() => source!.emit('new_message', { chatId: 3, message: message(2), unreadCount: 1 }));
    act(() => source!.emit('messages_read', { chatId: 3, readerId: 9, readAt: '2026-01-01T10:05:00.000Z' }));
    const data = client.getQueryData<MessagesData>(messagesKey(3))!;
    expect(data.pages[0]!.messages.map((m) => [m.id, m.readAt])).toEqual([
      [1, '2026-01-01T10:05:00.000Z'],
      [2, null],
    ]);
  });

  it('reopens with the new token after a refresh and closes on sign-out', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    setup();
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    const first = FakeEventSource.open[0]!;
    const refreshed = fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() + 60 });
    act(() => setTokens({ accessToken: refreshed }));
    expect(first.closed).toBe(true);
    expect(FakeEventSource.open.map((s) => s.url)).toEqual([
      `/api/chat/stream?token=${encodeURIComponent(refreshed)}`,
    ]);

    act(() => clearTokens());
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it('closes on a close event, then reopens by itself after a second and catches up', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    const { fetchMock, client } = setup(2);
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    vi.useFakeTimers();
    try {
      act(() => FakeEventSource.open[0]!.emit('close', { reason: 'shutdown' }));
      expect(FakeEventSource.open).toHaveLength(0);
      act(() => {
        vi.advanceTimersByTime(999);
      });
      expect(FakeEventSource.open).toHaveLength(0);
      const countsBefore = fetchMock.mock.calls.filter(([url]) =>
        String(url).includes('unread-count'),
      ).length;
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(FakeEventSource.open).toHaveLength(1);
      expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('unread-count')).length).toBe(
        countsBefore + 1,
      );
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/chat'] });
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits a second after each close of a stream that had opened, however many deploys came before', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    setup(2);
    await waitFor(() => expect(FakeEventSource.open).toHaveLength(1));
    vi.useFakeTimers();
    try {
      // Four processes replaced one by one: the stream may be closed four times in a minute.
      for (let deploy = 0; deploy < 4; deploy++) {
        act(() => FakeEventSource.open[0]!.emit('open'));
        act(() => FakeEventSource.open[0]!.emit('close', { reason: 'shutdown' }));
        act(() => {
          vi.advanceTimersByTime(1_000);
        });
        expect(FakeEventSource.open, `reopened 1 s after close ${deploy + 1}`).toHaveLength(1);
      }
      // A server that refuses the stream (it never opens) is asked again less and less often.
      for (const waitMs of [2_000, 4_000]) {
        act(() => FakeEventSource.open[0]!.emit('error'));
        act(() => {
          vi.advanceTimersByTime(waitMs - 1);
        });
        expect(FakeEventSource.open).toHaveLength(0);
        act(() => {
          vi.advanceTimersByTime(1);
        });
        expect(FakeEventSource.open).toHaveLength(1);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('refetches the count and the chats on resync, when the server missed announcements', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    let count = 2;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).startsWith('/api/chat/unread-count')) return jsonResponse({ unreadCount: count });
      return jsonResponse({});
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = testQueryClient();
    render(
      <QueryClientProvider client={client}>
        <ChatLiveConnection />
        <Badge />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(badge()).toBe('2'));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    // Three messages arrived while the server's listener was down: the stream never announced them.
    count = 5;
    act(() => FakeEventSource.open[0]!.emit('resync', { reason: 'listener_reconnected' }));
    await waitFor(() => expect(badge()).toBe('5'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/chat'] });
    expect(FakeEventSource.open).toHaveLength(1);
  });
});
