import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, renderWithProviders } from '@/test/utils';
import { Component as ProfilePage } from './profile-page';

/** The layout the page is seen at: a phone (the tabs are a row) or from the lg breakpoint (a column). */
function viewAt(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query === '(min-width: 1024px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'investor', exp: inOneHour() }), refreshToken: 'r' });
  mockApi();
});
afterEach(() => {
  clearTokens();
  vi.unstubAllGlobals();
});

describe('profile tabs and the arrow keys', () => {
  it('on a phone, where the tabs are a row, the arrow toward the reading direction opens the next tab', async () => {
    viewAt(false);
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    await user.click(screen.getByRole('tab', { name: 'المعلومات الشخصية' }));
    // Arabic reads right to left: the next tab is to the left.
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'الأمان' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('tab', { name: 'الأمان' })).toHaveFocus();
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
  });

  it('from the lg breakpoint, where the tabs are a column, the down arrow does', async () => {
    viewAt(true);
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { path: '/profile' });
    await user.click(screen.getByRole('tab', { name: 'المعلومات الشخصية' }));
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'الأمان' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
  });
});
