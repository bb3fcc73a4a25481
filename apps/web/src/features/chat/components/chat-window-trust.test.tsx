import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { ChatWindow } from './chat-window';

/** Issue 24: a verified buyer's badge in the header, Block with a confirmation, and a BLOCKED refusal. */
const CHAT = {
  id: 3,
  opportunity: { id: 9, opportunityName: 'Roastery', opportunityNameAr: 'محمصة', logo: null },
  otherUser: { id: 8, username: 'investor_sara', buyerVerified: true },
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
  clearTokens();
});

function answers(blocks: string[]) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/chat/3') return jsonResponse({ chat: CHAT });
    if (url.pathname === '/api/chat/3/messages' && init?.method === 'POST')
      return jsonResponse(
        { code: 'BLOCKED', message: 'لا يمكنك التواصل مع هذا المستخدم أو التعامل مع فرصه' },
        { status: 403 },
      );
    if (url.pathname === '/api/chat/3/messages') return jsonResponse({ messages: [] });
    if (url.pathname === '/api/users/8/block' && init?.method === 'POST') {
      blocks.push(url.pathname);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/chat') return jsonResponse({ chats: [] });
    return undefined;
  });
}

describe('chat window and trust', () => {
  it('shows the verified buyer badge and the BLOCKED message when a message is refused', async () => {
    answers([]);
    renderWithProviders(<ChatWindow chatId={3} userId={7} />, { path: '/profile/chats/3' });
    expect(await screen.findByText('مشترٍ موثّق')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('رسالتك'), 'مرحبًا{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'لا يمكنك التواصل مع هذا المستخدم أو التعامل مع فرصه',
    );
  });

  it('blocks the other user after a confirmation and goes back to the chats', async () => {
    const blocks: string[] = [];
    answers(blocks);
    const { router } = renderWithProviders(<ChatWindow chatId={3} userId={7} />, {
      path: '/profile/chats/3',
      routes: [{ path: '/profile/chats', element: <p>chats</p> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'حظر' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'حظر investor_sara؟' });
    expect(blocks).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'حظر المستخدم' }));
    expect(await screen.findByText('chats')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/chats');
    expect(blocks).toEqual(['/api/users/8/block']);
  });
});
