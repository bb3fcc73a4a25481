import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminFaq } from '@safqa/shared/validation/faqs';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { Component as FaqsPage } from './faqs-page';

const faq = (id: number): AdminFaq => ({
  id,
  questionAr: `سؤال ${id}`,
  questionEn: `Question ${id}`,
  answerAr: `جواب ${id}`,
  answerEn: `Answer ${id}`,
  sortOrder: id,
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The server's FAQ list, reordered by PUT /api/admin/faqs/order as the real one does. */
function faqsServer() {
  let list = [faq(1), faq(2), faq(3)];
  return mockApi((url, init) => {
    if (url.pathname === '/api/admin/faqs/order' && init?.method === 'PUT') {
      const { ids } = JSON.parse(String(init.body)) as { ids: number[] };
      list = ids.map((id) => list.find((item) => item.id === id)!);
      return jsonResponse({ data: list });
    }
    if (url.pathname === '/api/admin/faqs') return jsonResponse({ data: list });
    return undefined;
  });
}

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('/admin/faqs: moving an FAQ', () => {
  it('keeps the keyboard on the moved FAQ in its new place, on the other arrow once it reaches the top', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '1', role: 'admin', exp: inOneHour() }), refreshToken: 'r' });
    faqsServer();
    renderWithProviders(<FaqsPage />, { path: '/admin/faqs' });
    await userEvent.click(await screen.findByRole('button', { name: 'نقل «سؤال 3» إلى الأعلى' }));
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'سؤال 1',
        'سؤال 3',
        'سؤال 2',
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'نقل «سؤال 3» إلى الأعلى' })).toHaveFocus(),
    );

    // Enter again from the keyboard: it reaches the top, where "up" is disabled; focus goes to "down".
    await userEvent.keyboard('{Enter}');
    const items = await screen.findAllByRole('listitem');
    await waitFor(() =>
      expect(within(items[0]!).getByRole('heading', { level: 2 })).toHaveTextContent('سؤال 3'),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'نقل «سؤال 3» إلى الأسفل' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: 'نقل «سؤال 3» إلى الأعلى' })).toBeDisabled();
  });
});
