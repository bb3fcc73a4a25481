import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { ChatWindow } from './chat-window';

/** Issue 20: a message sent while the server is away keeps its text and says to try again in a moment. */
const CHAT = {
  id: 3,
  opportunity: { id: 9, opportunityName: 'Roastery', opportunityNameAr: 'محمصة', logo: null },
  otherUser: { id: 8, username: 'investor_sara' },
  lastMessage: null,
  unreadCount: 0,
  updatedAt: '2026-01-05T10:00:00.000Z',
};

beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '7', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  document.cookie = 'XSRF-TOKEN=t';
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

describe('chat window while the server is away', () => {
  it('keeps the typed message and says to try again in a moment on 503, then sends it', async () => {
    let away = true;
    const sent: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/chat/3') return jsonResponse({ chat: CHAT });
      if (url.pathname === '/api/chat/3/messages' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        if (away)
          return jsonResponse(
            { code: 'SERVICE_UNAVAILABLE', message: 'الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات' },
            { status: 503, headers: { 'retry-after': '5' } },
          );
        return jsonResponse(
          {
            message: {
              id: 50,
              chatId: 3,
              senderId: 7,
              body: 'هل ما زال العرض قائمًا؟',
              createdAt: '2026-01-05T10:01:00.000Z',
              readAt: null,
            },
          },
          { status: 201 },
        );
      }
      if (url.pathname === '/api/chat/3/messages') return jsonResponse({ messages: [] });
      return undefined;
    });
    renderWithProviders(<ChatWindow chatId={3} userId={7} />, { path: '/profile/chats/3' });
    const box = await screen.findByLabelText('رسالتك');
    await userEvent.type(box, 'هل ما زال العرض قائمًا؟{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('حاول مرة أخرى بعد لحظات');
    expect(box).toHaveValue('هل ما زال العرض قائمًا؟');

    away = false;
    await userEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(sent).toEqual([{ body: 'هل ما زال العرض قائمًا؟' }, { body: 'هل ما زال العرض قائمًا؟' }]);
  });
});

describe('chat window while the phone is offline', () => {
  it('says the message waits for the connection instead of "Sending…" for ever, and sends it once back', async () => {
    const sent: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/chat/3') return jsonResponse({ chat: CHAT });
      if (url.pathname === '/api/chat/3/messages' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        const message = {
          id: 51,
          chatId: 3,
          senderId: 7,
          body: 'سأتصل غدًا',
          createdAt: '2026-01-05T10:02:00.000Z',
        };
        return jsonResponse({ message: { ...message, readAt: null } }, { status: 201 });
      }
      if (url.pathname === '/api/chat/3/messages') return jsonResponse({ messages: [] });
      return undefined;
    });
    renderWithProviders(<ChatWindow chatId={3} userId={7} />, { path: '/profile/chats/3' });
    const box = await screen.findByLabelText('رسالتك');
    onlineManager.setOnline(false);
    await userEvent.type(box, 'سأتصل غدًا{Enter}');

    const status = await screen.findByRole('status', { name: '' });
    expect(status).toHaveTextContent('ستُرسل رسالتك تلقائيًا عند عودة الاتصال');
    expect(sent).toEqual([]);
    expect(box).toHaveValue('سأتصل غدًا');
    // "Try again now" sends at once if the connection is in fact there.
    onlineManager.setOnline(true);
    await userEvent.click(screen.getByRole('button', { name: 'أعد المحاولة الآن' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(sent).toEqual([{ body: 'سأتصل غدًا' }]);
    expect(screen.queryByText(/ستُرسل رسالتك تلقائيًا/)).toBeNull();
  });
});
