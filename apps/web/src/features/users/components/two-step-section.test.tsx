import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { TwoStepSection } from './two-step-section';

configure({ asyncUtilTimeout: 10_000 });

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

let fetchMock: Mock<typeof fetch>;
let enabled: boolean;
const calls = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === method);
const bodyOf = (call: Parameters<typeof fetch>) =>
  JSON.parse(String(call[1]!.body)) as Record<string, unknown>;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  enabled = false;
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    const path = String(url);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
    if (path === '/api/auth/mfa') {
      return jsonResponse({
        enabled,
        enabledAt: enabled ? '2026-03-01T10:00:00.000Z' : null,
        recoveryCodesLeft: enabled ? 10 : 0,
      });
    }
    if (path === '/api/auth/mfa/totp/setup') {
      return jsonResponse({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/x', qrSvg: SVG });
    }
    if (path === '/api/auth/mfa/totp/confirm') {
      if (body.code !== '123456')
        return jsonResponse({ code: 'CODE_INVALID', message: 'x' }, { status: 400 });
      enabled = true;
      return jsonResponse({ recoveryCodes: CODES });
    }
    if (path === '/api/auth/mfa/totp' && init?.method === 'DELETE') {
      if (body.password !== 'Right#Pass1') {
        return jsonResponse(
          { code: 'WRONG_PASSWORD', message: 'كلمة المرور الحالية غير صحيحة' },
          { status: 400 },
        );
      }
      enabled = false;
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('two-step section of the security tab', { timeout: 30_000 }, () => {
  it('sets up: QR code and secret, a wrong code refused, Arabic-Indic digits confirm, codes shown once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TwoStepSection />, { path: '/profile' });
    expect(await screen.findByText('التحقق بخطوتين غير مفعّل.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعداد التحقق بخطوتين' }));

    const qr = await screen.findByRole('img', { name: 'رمز QR لإضافة حساب صفقة إلى تطبيق المصادقة' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const field = screen.getByLabelText('رمز التحقق من التطبيق');
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'تأكيد وتفعيل' }));
    expect(await screen.findByText('الرمز يتكون من 6 أرقام')).toBeInTheDocument();
    expect(calls('/api/auth/mfa/totp/confirm')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'تأكيد وتفعيل' }));
    expect(await screen.findByText(/الرمز غير صحيح أو انتهت صلاحيته/)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '١٢٣٤٥٦');
    await user.click(screen.getByRole('button', { name: 'تأكيد وتفعيل' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(bodyOf(calls('/api/auth/mfa/totp/confirm').at(-1)!)).toEqual({ code: '123456' });

    await user.click(screen.getByRole('button', { name: 'حفظتها' }));
    expect(await screen.findByText('التحقق بخطوتين مفعّل')).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('turns off with the password and a code; a wrong password is shown on its field', async () => {
    enabled = true;
    const user = userEvent.setup();
    renderWithProviders(<TwoStepSection />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'إيقاف التحقق بخطوتين' }));
    await user.type(screen.getByLabelText('كلمة المرور الحالية'), 'Wrong#Pass1');
    await user.type(screen.getByLabelText('رمز التحقق من التطبيق'), '123456');
    await user.click(screen.getByRole('button', { name: 'إيقاف' }));
    expect(await screen.findByText('كلمة المرور الحالية غير صحيحة')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('كلمة المرور الحالية'));
    await user.type(screen.getByLabelText('كلمة المرور الحالية'), 'Right#Pass1');
    await user.click(screen.getByRole('button', { name: 'إيقاف' }));
    expect(await screen.findByText('التحقق بخطوتين غير مفعّل.')).toBeInTheDocument();
    expect(bodyOf(calls('/api/auth/mfa/totp', 'DELETE').at(-1)!)).toEqual({
      password: 'Right#Pass1',
      code: '123456',
    });
  });

  it('says so when the status cannot be loaded, and tries again', async () => {
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ code: 'INTERNAL', message: 'x' }, { status: 500 }),
    );
    const user = userEvent.setup();
    renderWithProviders(<TwoStepSection />, { path: '/profile' });
    const retry = await screen.findByRole('button', { name: /حاول|إعادة/ });
    await user.click(retry);
    expect(await screen.findByText('التحقق بخطوتين غير مفعّل.')).toBeInTheDocument();
  });
});
