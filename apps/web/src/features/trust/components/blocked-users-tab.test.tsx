import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockedUser } from '@safqa/shared/validation/blocks';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as BlockedUsersTab } from './blocked-users-tab';

configure({ asyncUtilTimeout: 10_000 });

let fetchMock: Mock<typeof fetch>;
let blocks: BlockedUser[];

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  blocks = [{ user: { id: 8, username: 'مزعج' }, createdAt: '2026-11-20T10:00:00.000Z' }];
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    if (String(url) === '/api/users/me/blocks') return jsonResponse({ data: blocks });
    if (String(url) === '/api/users/8/block' && init?.method === 'DELETE') {
      blocks = [];
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  clearTokens();
  await setLanguage('ar');
});

describe('Profile: blocked users', () => {
  it('lists the blocked users and unblocks one, then says the list is empty (ar)', async () => {
    await setLanguage('ar');
    const user = userEvent.setup();
    renderWithProviders(<BlockedUsersTab />);
    expect(await screen.findByText('مزعج')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إلغاء حظر مزعج' }));
    expect(await screen.findByText('لم تحظر أحدًا')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot load (en)', async () => {
    await setLanguage('en');
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'INTERNAL', message: 'Boom' }, { status: 500 }),
    );
    renderWithProviders(<BlockedUsersTab />);
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
