import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as ResetPasswordPage } from './reset-password-page';

// Screens appear after lazy work and mocked calls; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });

let fetchMock: Mock<typeof fetch>;
const calls = (method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).startsWith('/api/auth/reset-password') && (init?.method ?? 'GET') === method,
  );

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  fetchMock = vi.fn<typeof fetch>(async (_url, init) =>
    init?.method === 'POST' ? jsonResponse({ message: 'ok' }) : jsonResponse({ valid: true }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const render = (path: string) =>
  renderWithProviders(<ResetPasswordPage />, { path: '/reset-password', routes: [] }).router.navigate(path);

describe('reset password page', { timeout: 30_000 }, () => {
  it('without a token says so and offers Forgot Password, calling nothing', async () => {
    await setLanguage('en');
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('No reset token provided');
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps Reset disabled while the token is checked', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await render('/reset-password?token=abc');
    expect(await screen.findByRole('status')).toHaveTextContent('جارٍ التحقق من الرابط…');
    expect(screen.getByRole('button', { name: 'إعادة تعيين كلمة المرور' })).toBeDisabled();
    answer(jsonResponse({ valid: true }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'إعادة تعيين كلمة المرور' })).toBeEnabled(),
    );
  });

  it('shows the server message of a refused token, else the default, with Forgot Password', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'LINK_EXPIRED', message: 'انتهت صلاحية الرابط' }, { status: 400 }),
    );
    await render('/reset-password?token=old');
    expect(await screen.findByText('انتهت صلاحية الرابط')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('كلمة المرور الجديدة')).not.toBeInTheDocument();
  });

  it('falls back to the default text when the refusal has no message', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 400 }));
    await setLanguage('en');
    await render('/reset-password?token=old');
    expect(await screen.findByText('Token invalid/expired')).toBeInTheDocument();
  });

  it('checks the new password with the live rules, resets and shows the success state', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    await render('/reset-password?token=good');
    const field = await screen.findByLabelText('New password');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled());
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'N3w!Password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password Reset Successful')).toBeInTheDocument();
    expect(screen.getByText('You can now login with your new password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(JSON.parse(String(calls('POST')[0]![1]!.body))).toEqual({
      token: 'good',
      newPassword: 'N3w!Password',
    });
  });

  it('shows the server message when the reset itself fails', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? jsonResponse({ code: 'TOKEN_INVALID', message: 'الرابط غير صالح' }, { status: 400 })
        : jsonResponse({ valid: true }),
    );
    await render('/reset-password?token=used');
    await user.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'N3w!Password');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'إعادة تعيين كلمة المرور' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('الرابط غير صالح');
  });
});
