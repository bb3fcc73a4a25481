import { screen, waitFor } from '@testing-library/react';
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

describe('ReceivedOffers', () => {
  it.each([
    ['قبول', 'accepted'],
    ['رفض', 'declined'],
  ] as const)('after %s the focus is on the decided offer, not on the body', async (button, status) => {
    let current = { ...offer };
    mockApi((url, init) => {
      if (url.pathname === '/api/offers/11' && init?.method === 'PATCH') {
        current = { ...current, status };
        return jsonResponse({ offer: current });
      }
      if (url.pathname === '/api/opportunities/4/offers')
        return jsonResponse({
          data: [current],
          pagination: { page: 1, pageSize: 10, total: 1, totalPages: 1 },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<ReceivedOffers opportunityId={4} />, { path: '/opportunities/4' });
    const decide = await screen.findByRole('button', { name: button });
    decide.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument());
    const card = screen.getByRole('heading', { name: 'سارة' }).closest('article');
    await waitFor(() => expect(card).toHaveFocus());
    expect(screen.getByRole('article', { name: 'سارة' })).toBe(card);
  });
});
