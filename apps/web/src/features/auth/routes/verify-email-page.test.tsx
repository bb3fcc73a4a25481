import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { render, screen, configure } from '@testing-library/react';
import { toast as sonnerToast } from 'sonner';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { findToast, jsonResponse, renderWithProviders } from '@/test/utils';
import { Component as VerifyEmailPage } from './verify-email-page';

// Screens appear after lazy work and mocked calls; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('@/components/human-check', () => import('@/test/fake-human-check'));

let fetchMock: Mock<typeof fetch>;
const verifyCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/auth/verify-email'));
const resendCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/resend-verification');

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ message: 'تم تأكيد بريدك الإلكتروني.' }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function open(path: string) {
  const view = renderWithProviders(
    <StrictMode>
      <VerifyEmailPage />
    </StrictMode>,
    { path: '/verify-email' },
  );
  render(<Toaster />);
  await view.router.navigate(path);
  return view;
}

describe('verify email page', { timeout: 30_000 }, () => {
  it('verifies once per visit (even in StrictMode) and shows the success alert and a way home', async () => {
    await open('/verify-email?token=tok&userId=12');
    expect(await screen.findByText('تم تأكيد بريدك الإلكتروني')).toBeInTheDocument();
    expect(verifyCalls()).toHaveLength(1);
    expect(String(verifyCalls()[0]![0])).toBe('/api/auth/verify-email?token=tok&userId=12');
    expect(screen.getByRole('link', { name: 'الذهاب للرئيسية' })).toHaveAttribute('href', '/');
  });

  it('shows the spinner titled verifying while it runs', async () => {
    fetchMock.mockImplementation(() => new Promise(() => {}));
    await open('/verify-email?token=tok&userId=12');
    expect(await screen.findByRole('status')).toHaveTextContent('جارٍ تأكيد بريدك الإلكتروني…');
  });

  it('shows the server message of a failure in an alert and a toast', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'LINK_EXPIRED', message: 'انتهت صلاحية الرابط' }, { status: 400 }),
    );
    await open('/verify-email?token=old&userId=12');
    expect(await screen.findByRole('alert')).toHaveTextContent('انتهت صلاحية الرابط');
    expect(await findToast('انتهت صلاحية الرابط')).toHaveAttribute('data-variant', 'destructive');
  });

  it('a link opened again after it worked says the email is verified and offers to sign in, not to resend', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'ALREADY_VERIFIED', message: 'البريد الإلكتروني مؤكد مسبقًا' }, { status: 409 }),
    );
    await open('/verify-email?token=used&userId=12');
    expect(await screen.findByText('بريدك مؤكد من قبل')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الذهاب لتسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'إعادة إرسال رسالة التأكيد' })).toBeNull();
    expect(sonnerToast.getToasts()).toHaveLength(0);
  });

  it('without a token offers the resend form, which needs the human check', async () => {
    const user = userEvent.setup();
    await open('/verify-email');
    expect(verifyCalls()).toHaveLength(0);
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'إعادة الإرسال' }));
    expect(await findToast('يرجى إكمال التحقق البشري قبل المتابعة.')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
    expect(resendCalls()).toHaveLength(0);

    fetchMock.mockImplementation(async () => jsonResponse({ message: 'أرسلنا رسالة تأكيد جديدة.' }));
    await user.click(screen.getByRole('button', { name: 'solve human check' }));
    await user.click(screen.getByRole('button', { name: 'إعادة الإرسال' }));
    expect(await screen.findByText('أرسلنا رسالة تأكيد جديدة.')).toBeInTheDocument();
    expect(JSON.parse(String(resendCalls()[0]![1]!.body))).toEqual({
      email: 'sara@example.com',
      recaptchaToken: 'solved-1',
    });
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue('');
  });
});
