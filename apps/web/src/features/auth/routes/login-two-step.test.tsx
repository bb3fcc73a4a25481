import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { getTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { Component as LoginPage } from './login-page';

configure({ asyncUtilTimeout: 10_000 });
vi.mock('@/components/human-check', () => import('@/test/fake-human-check'));

let fetchMock: Mock<typeof fetch>;
const verifyCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/mfa/verify');
const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]!.body)) as Record<string, unknown>;

/** Login answers the second step; verify takes `rightProof` (a code or a recovery code) and nothing else. */
function answerTwoStep(rightProof: Record<string, string>) {
  const accessToken = fakeJwt({ sub: '9', role: 'owner', exp: inOneHour() });
  fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === '/api/auth/login') {
      return jsonResponse({ mfaRequired: true, mfaToken: 'mfa-1', methods: ['totp', 'recovery'] });
    }
    if (String(url) === '/api/auth/mfa/verify') {
      const body = JSON.parse(String(init!.body)) as Record<string, string>;
      const right = Object.entries(rightProof).every(([key, value]) => body[key] === value);
      return right
        ? jsonResponse({
            accessToken,
            refreshToken: 'refresh-2',
            user: { id: 9, role: 'owner', username: 'سارة', email: 's@x.com' },
          })
        : jsonResponse({ code: 'CODE_INVALID', message: 'الرمز غير صحيح' }, { status: 401 });
    }
    return jsonResponse({});
  });
  return accessToken;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function passwordStep() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <LoginPage />
      <Toaster />
    </>,
    { path: '/login', routes: [{ path: '/', element: <p>home page</p> }] },
  );
  await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
  await user.type(screen.getByLabelText('كلمة المرور'), 'Str0ng!Pass');
  await user.click(screen.getByRole('button', { name: 'solve human check' }));
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  await screen.findByRole('heading', { name: 'التحقق بخطوتين' });
  return user;
}

describe('login page, two-step sign-in', { timeout: 30_000 }, () => {
  it('stores nothing after the password, then signs in with a code typed in Arabic-Indic digits', async () => {
    const accessToken = answerTwoStep({ mfaToken: 'mfa-1', code: '123456' });
    const user = await passwordStep();
    expect(getTokens().accessToken).toBeNull();
    const field = screen.getByLabelText('رمز التحقق');
    expect(field).toHaveFocus();
    await user.type(field, '١٢٣٤٥٦');
    await user.click(screen.getByRole('button', { name: 'تحقق وسجّل الدخول' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(bodyOf(verifyCalls()[0]!)).toEqual({ mfaToken: 'mfa-1', code: '123456' });
    expect(getTokens()).toEqual({ accessToken, refreshToken: 'refresh-2' });
  });

  it('checks the code before sending it, and says so when the server refuses it', async () => {
    answerTwoStep({ code: '654321' });
    const user = await passwordStep();
    await user.type(screen.getByLabelText('رمز التحقق'), '12345');
    await user.click(screen.getByRole('button', { name: 'تحقق وسجّل الدخول' }));
    expect(await screen.findByText('الرمز يتكون من 6 أرقام')).toBeInTheDocument();
    expect(verifyCalls()).toHaveLength(0);
    await user.type(screen.getByLabelText('رمز التحقق'), '6');
    await user.click(screen.getByRole('button', { name: 'تحقق وسجّل الدخول' }));
    expect(await screen.findByText(/الرمز غير صحيح أو انتهت صلاحيته/)).toBeInTheDocument();
    expect(getTokens().accessToken).toBeNull();
  });

  it('takes a recovery code instead, and starts over back at the password', async () => {
    answerTwoStep({ recoveryCode: 'ab3de-fg7hk' });
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'استخدم رمز استرداد بدلًا من ذلك' }));
    const field = screen.getByLabelText('رمز الاسترداد');
    expect(field).toHaveFocus();
    await user.type(field, 'ab3de-fg7hk');
    await user.click(screen.getByRole('button', { name: 'تحقق وسجّل الدخول' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(bodyOf(verifyCalls()[0]!)).toEqual({ mfaToken: 'mfa-1', recoveryCode: 'ab3de-fg7hk' });
  });

  it('goes back to the email and password on "start again"', async () => {
    answerTwoStep({ code: '000000' });
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'ابدأ تسجيل الدخول من جديد' }));
    expect(await screen.findByLabelText('البريد الإلكتروني')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'التحقق بخطوتين' })).toBeNull();
  });
});
