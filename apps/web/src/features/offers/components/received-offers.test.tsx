import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { ReceivedOffers } from './received-offers';
import { SAMPLE_OFFER } from './sample-offer';

const offer = SAMPLE_OFFER;

beforeEach(async () => {
  await setLanguage('ar');
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
});
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

/** The offers list and the decision call; returns the bodies PATCHed. */
function serveOffers() {
  let current = { ...offer };
  const patches: unknown[] = [];
  const chats: unknown[] = [];
  mockApi((url, init) => {
    if (url.pathname === '/api/offers/11' && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { status: 'accepted' | 'declined'; note?: string };
      patches.push(body);
      current = { ...current, status: body.status, note: body.note ?? null };
      return jsonResponse({ offer: current });
    }
    if (url.pathname === '/api/chat' && init?.method === 'POST') {
      chats.push(JSON.parse(String(init.body)));
      return jsonResponse({ chat: { id: 77 } }, { status: 201 });
    }
    if (url.pathname === '/api/opportunities/4/offers')
      return jsonResponse({
        data: [current],
        pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 },
      });
    return undefined;
  });
  return { patches, chats };
}

describe('ReceivedOffers', () => {
  it.each([
    ['قبول', 'قبول وإبلاغ', 'accepted'],
    ['رفض', 'رفض وإبلاغ', 'declined'],
  ] as const)(
    '%s asks first, sends the note, and leaves the focus on the decided offer',
    async (button, confirm, status) => {
      const { patches } = serveOffers();
      const user = userEvent.setup();
      renderWithProviders(<ReceivedOffers opportunityId={4} />, { path: '/opportunities/4' });
      const decide = await screen.findByRole('button', { name: button });
      decide.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('القرار نهائي');
      expect(patches).toEqual([]);
      await user.type(within(dialog).getByLabelText('ملاحظة إلى المستثمر (اختيارية)'), '  أهلًا بك  ');
      await user.click(within(dialog).getByRole('button', { name: confirm }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(patches).toEqual([{ status, note: 'أهلًا بك' }]);
      await waitFor(() => expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument());
      expect(screen.getByText('أهلًا بك')).toBeInTheDocument();
      const card = screen.getByRole('article', { name: 'سارة' });
      await waitFor(() => expect(card).toHaveFocus());
    },
  );

  it('cancelling sends nothing and gives the focus back to the button', async () => {
    const { patches } = serveOffers();
    const user = userEvent.setup();
    renderWithProviders(<ReceivedOffers opportunityId={4} />, { path: '/opportunities/4' });
    const accept = await screen.findByRole('button', { name: 'قبول' });
    await user.click(accept);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(accept).toHaveFocus());
    expect(patches).toEqual([]);
  });

  it('refuses a note past 500 characters with the shared rule, in the page language, and sends nothing', async () => {
    const { patches } = serveOffers();
    const user = userEvent.setup();
    renderWithProviders(<ReceivedOffers opportunityId={4} />, { path: '/opportunities/4' });
    await user.click(await screen.findByRole('button', { name: 'رفض' }));
    const dialog = await screen.findByRole('alertdialog');
    const field = within(dialog).getByLabelText('ملاحظة إلى المستثمر (اختيارية)');
    await user.click(field);
    await user.paste('x'.repeat(501));
    await user.click(within(dialog).getByRole('button', { name: 'رفض وإبلاغ' }));
    expect(within(dialog).getByText('يجب ألا يزيد على 500 حرف')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toEqual([]);
  });

  it('"Message" opens the chat with the investor about this listing', async () => {
    const { chats } = serveOffers();
    const user = userEvent.setup();
    renderWithProviders(<ReceivedOffers opportunityId={4} />, {
      path: '/opportunities/4',
      routes: [{ path: '/profile/chats/77', element: <p>chat 77</p> }],
    });
    await user.click(await screen.findByRole('button', { name: /مراسلة/ }));
    expect(await screen.findByText('chat 77')).toBeInTheDocument();
    expect(chats).toEqual([{ opportunityId: 4, userId: 9 }]);
  });
});
