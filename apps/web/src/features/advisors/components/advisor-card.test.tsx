import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdvisorCard as Advisor } from '@safqa/shared/validation/advisors';
import { mockApi } from '@/test/api-mock';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Toaster } from '@/components/ui/toaster';
import { AdvisorCard } from './advisor-card';

const OMAR: Advisor = {
  id: 41,
  username: 'Omar Haddad',
  bio: 'CFA; ten years of due diligence for cafés in 2016-2026.',
  experienceYears: 10,
  businessTypes: [{ id: 8, nameAR: 'أغذية ومشروبات', nameEN: 'Food & Beverage' }],
};

const signInAs = (id: number) =>
  setTokens({
    accessToken: fakeJwt({ sub: String(id), role: 'owner', exp: inOneHour() }),
    refreshToken: 'r',
  });

function renderCard() {
  return renderWithProviders(
    <>
      <AdvisorCard advisor={OMAR} opportunityId={7} />
      <Toaster />
    </>,
    {
      path: '/opportunities/:id/advisors',
      initialEntry: '/opportunities/7/advisors',
      routes: [{ path: '/profile/chats/:chatId', element: <p>chat page</p> }],
    },
  );
}

afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('AdvisorCard', () => {
  it("lays out an advisor's name and bio by their own direction, not the page's", async () => {
    await setLanguage('ar');
    signInAs(3);
    renderCard();
    // The name is isolated in a line that keeps the page's direction, so it stays beside the avatar
    // (dir="auto" on the heading sent a name in the other script to the card's far end).
    const heading = screen.getByRole('heading', { name: 'Omar Haddad' });
    expect(heading).not.toHaveAttribute('dir');
    expect(heading.querySelector('bdi')).toHaveTextContent('Omar Haddad');
    expect(screen.getByText(/ten years of due diligence/)).toHaveAttribute('dir', 'auto');
    // Sector names are ours, in the page's language and direction.
    expect(screen.getByText('أغذية ومشروبات')).not.toHaveAttribute('dir');
  });

  it('opens the platform chat with the advisor about this listing', async () => {
    await setLanguage('en');
    signInAs(3);
    const fetchMock = mockApi((url, init) =>
      url.pathname === '/api/chat' && init?.method === 'POST'
        ? jsonResponse({ chat: { id: 55 } }, { status: 201 })
        : undefined,
    );
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Message Omar Haddad' }));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/chat'))!;
    expect(JSON.parse(String(init!.body))).toEqual({ opportunityId: 7, advisorId: 41 });
  });

  it('says what went wrong and stays on the page when the chat cannot be opened', async () => {
    await setLanguage('ar');
    signInAs(3);
    mockApi(() => jsonResponse({ code: 'NOT_FOUND', message: 'غير موجود' }, { status: 404 }));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'راسل Omar Haddad' }));
    expect(await screen.findByText('تعذّر فتح المحادثة مع المستشار')).toBeInTheDocument();
    expect(screen.queryByText('chat page')).not.toBeInTheDocument();
  });

  it('offers no button on the advisor’s own card', async () => {
    await setLanguage('en');
    signInAs(41);
    renderCard();
    expect(screen.getByText('This is you')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
