import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { getTokens } from '@/lib/session';
import { fakeJwt, findToast, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { proofOfWork, resets } from '@/test/fake-human-check';
import { Component as LoginPage } from './login-page';

// Screens appear after lazy work and mocked calls; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('@/components/human-check', () => import('@/test/fake-human-check'));

let fetchMock: Mock<typeof fetch>;
const loginCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/login');

function answerLogin(role: 'owner' | 'admin') {
  const accessToken = fakeJwt({ sub: '9', role, exp: inOneHour() });
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/auth/login'
      ? jsonResponse({
          accessToken,
          refreshToken: 'refresh-1',
          user: { id: 9, role, username: 'سارة', email: 's@x.com' },
        })
      : jsonResponse({}),
  );
  return accessToken;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({}));
  vi.stubGlobal('fetch', fetchMock);
  resets.count = 0;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(path = '/login') {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      <LoginPage />
      <Toaster />
    </>,
    {
      path: '/login',
      routes: [
        // sonner shows the toasts still open to the toaster of the next page (the welcome after signing in).
        {
          path: '/',
          element: (
            <>
              <p>home page</p>
              <Toaster />
            </>
          ),
        },
        { path: '/admin', element: <p>admin page</p> },
        { path: '/profile', element: <p>profile page</p> },
      ],
    },
  );
  if (path !== '/login') void view.router.navigate(path);
  return {
    ...view,
    user,
    async fillAndSubmit(solve = true) {
      await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
      await user.type(screen.getByLabelText('كلمة المرور'), 'Str0ng!Pass');
      if (solve) await user.click(screen.getByRole('button', { name: 'solve human check' }));
      await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    },
  };
}

describe('login page', { timeout: 30_000 }, () => {
  it('links to forgot password and register, and requires both fields', async () => {
    const view = setup();
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'أنشئ حسابًا' })).toHaveAttribute('href', '/register');
    await view.user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(loginCalls()).toHaveLength(0);
  });

  it('without the human check shows a destructive toast and calls nothing', async () => {
    const view = setup();
    await view.fillAndSubmit(false);
    expect(await screen.findByText('يرجى إكمال التحقق البشري قبل المتابعة.')).toBeInTheDocument();
    expect(loginCalls()).toHaveLength(0);
  });

  it('Sign in pressed while the proof of work still runs (a password manager filled the form) waits for it and signs in', async () => {
    const accessToken = answerLogin('owner');
    let finish!: (token: string) => void;
    proofOfWork.pending = new Promise((resolve) => (finish = resolve));
    const view = setup();
    await view.fillAndSubmit(false);
    // Busy, not refused: no "complete the human check" while the widget is still working.
    expect(await screen.findByRole('button', { name: 'جارٍ تسجيل الدخول…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('يرجى إكمال التحقق البشري قبل المتابعة.')).toBeNull();
    expect(loginCalls()).toHaveLength(0);
    finish('solved-late');
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(JSON.parse(String(loginCalls()[0]![1]!.body))).toMatchObject({ recaptchaToken: 'solved-late' });
    expect(getTokens()).toEqual({ accessToken, refreshToken: 'refresh-1' });
  });

  it('signs in, stores the tokens, welcomes and sends an owner home', async () => {
    const accessToken = answerLogin('owner');
    const view = setup();
    await view.fillAndSubmit();
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(getTokens()).toEqual({ accessToken, refreshToken: 'refresh-1' });
    expect(await findToast('مرحبًا بك')).toHaveTextContent('مرحبًا بكتم تسجيل الدخول بنجاح.');
    expect(JSON.parse(String(loginCalls()[0]![1]!.body))).toEqual({
      email: 'sara@example.com',
      password: 'Str0ng!Pass',
      recaptchaToken: 'solved-1',
    });
  });

  it('sends an admin to /admin', async () => {
    answerLogin('admin');
    const view = setup();
    await view.fillAndSubmit();
    expect(await screen.findByText('admin page')).toBeInTheDocument();
  });

  it('returns to the page a guard sent the visitor from', async () => {
    answerLogin('admin');
    const view = setup('/login?redirect=%2Fprofile');
    await waitFor(() => expect(view.router.state.location.search).toBe('?redirect=%2Fprofile'));
    await view.fillAndSubmit();
    expect(await screen.findByText('profile page')).toBeInTheDocument();
  });

  it('never follows a redirect to another site', async () => {
    answerLogin('owner');
    const view = setup('/login?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(view.router.state.location.search).not.toBe(''));
    await view.fillAndSubmit();
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it.each([
    [{ code: 'INVALID_CREDENTIALS', message: 'x' }, 401, 'البريد الإلكتروني أو كلمة المرور غير صحيحة.'],
    [
      { code: 'EMAIL_NOT_VERIFIED', message: 'x', needsVerification: true },
      403,
      'يرجى تأكيد بريدك الإلكتروني أولًا. افتح الرسالة التي أرسلناها إليك، أو اطلب رسالة جديدة.',
    ],
    [{ code: 'CAPTCHA_FAILED', message: 'x' }, 400, 'فشل التحقق البشري. حاول مرة أخرى.'],
    [{ code: 'INTERNAL', message: 'x' }, 500, 'حدث خطأ في الخادم. حاول لاحقًا.'],
    [{ code: 'RATE_LIMITED', message: 'طلبات كثيرة، حاول لاحقًا' }, 429, 'طلبات كثيرة، حاول لاحقًا'],
  ])('shows %j (%i) as a toast and resets the human check', async (body, status, text) => {
    fetchMock.mockImplementation(async () => jsonResponse(body, { status }));
    const view = setup();
    await view.fillAndSubmit();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(resets.count).toBe(1);
    expect(getTokens().accessToken).toBeNull();
    expect(screen.getByRole('button', { name: 'solve human check' })).toHaveAttribute('data-solved', 'false');
  });

  it('offers the resend page to an unverified user', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'EMAIL_NOT_VERIFIED', message: 'x', needsVerification: true }, { status: 403 }),
    );
    const view = setup();
    await view.fillAndSubmit();
    expect(await screen.findByRole('link', { name: 'إرسال رسالة تأكيد جديدة' })).toHaveAttribute(
      'href',
      '/verify-email',
    );
  });

  it('treats a 200 without tokens as an invalid login response', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ user: { id: 1 } }));
    const view = setup();
    await view.fillAndSubmit();
    expect(await screen.findByText('وصلت استجابة غير صالحة من الخادم.')).toBeInTheDocument();
    expect(getTokens().accessToken).toBeNull();
  });

  it('speaks English on an English page', async () => {
    await setLanguage('en');
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
  });
});
