import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { Toaster } from '@/components/ui/toaster';
import { clearTokens, getTokens } from '@/lib/session';
import { cancelledByUser, withWebAuthn } from '@/test/fake-webauthn';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { PasskeySignIn } from './passkey-sign-in';

configure({ asyncUtilTimeout: 10_000 });
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

const OPTIONS = {
  challenge: 'c2lnbi1pbg',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'required',
};
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw', userHandle: 'dQ' },
};

let fetchMock: Mock<typeof fetch>;
let undoWebAuthn: () => void = () => {};
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  clearTokens();
  vi.mocked(startAuthentication).mockReset();
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  await setLanguage('ar');
  undoWebAuthn();
  vi.unstubAllGlobals();
});

function setup() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <PasskeySignIn />
      <Toaster />
    </>,
  );
  return user;
}

describe('sign in with a passkey', { timeout: 30_000 }, () => {
  it('is not offered where the browser has no WebAuthn', async () => {
    setup();
    await Promise.resolve();
    expect(screen.queryByRole('button', { name: 'تسجيل الدخول بمفتاح مرور' })).toBeNull();
  });

  it('asks for any passkey of the site, with no email, and stores the tokens it answers', async () => {
    undoWebAuthn = withWebAuthn();
    const accessToken = fakeJwt({ sub: '9', role: 'owner', exp: inOneHour() });
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/auth/passkeys/login/options') return jsonResponse(OPTIONS);
      return jsonResponse({
        accessToken,
        refreshToken: 'refresh-p',
        user: { id: 9, role: 'owner', username: 'سارة', email: 's@x.com' },
      });
    });
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول بمفتاح مرور' }));
    expect(await screen.findByText('مرحبًا بك')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo('/api/auth/passkeys/login/options')[0]![1]!.body))).toEqual({});
    expect(vi.mocked(startAuthentication).mock.calls[0]![0]).toEqual({ optionsJSON: OPTIONS });
    expect(JSON.parse(String(callsTo('/api/auth/passkeys/login')[0]![1]!.body))).toEqual({
      response: ASSERTION,
    });
    expect(getTokens()).toEqual({ accessToken, refreshToken: 'refresh-p' });
  });

  it('says so when the passkey is refused, in English too, and stays signed out', async () => {
    undoWebAuthn = withWebAuthn();
    await setLanguage('en');
    fetchMock.mockImplementation(async (url) =>
      String(url) === '/api/auth/passkeys/login/options'
        ? jsonResponse(OPTIONS)
        : jsonResponse({ code: 'PASSKEY_INVALID', message: 'x' }, { status: 401 }),
    );
    vi.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(/did not recognise this passkey/)).toBeInTheDocument();
    expect(getTokens().accessToken).toBeNull();
  });

  it('tells a person who closed the dialog that it was cancelled, and calls nothing more', async () => {
    undoWebAuthn = withWebAuthn();
    fetchMock.mockImplementation(async () => jsonResponse(OPTIONS));
    vi.mocked(startAuthentication).mockRejectedValue(cancelledByUser());
    const user = setup();
    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول بمفتاح مرور' }));
    expect(await screen.findByText('أُلغي تسجيل الدخول بمفتاح المرور أو انتهت مهلته.')).toBeInTheDocument();
    expect(callsTo('/api/auth/passkeys/login')).toHaveLength(0);
  });
});
