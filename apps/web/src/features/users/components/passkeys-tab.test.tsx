import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startRegistration } from '@simplewebauthn/browser';
import type { Passkey } from '@safqa/shared/validation/passkeys';
import { Toaster } from '@/components/ui/toaster';
import { setTokens } from '@/lib/session';
import { cancelledByUser, withWebAuthn } from '@/test/fake-webauthn';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as PasskeysTab } from './passkeys-tab';

configure({ asyncUtilTimeout: 10_000 });
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));

const OPTIONS = {
  challenge: 'cmVn',
  rp: { name: 'Safqa', id: 'localhost' },
  user: { id: 'dQ', name: 'a', displayName: 'a' },
};
const CREATED = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'YQ', transports: ['internal'] },
};
const LAPTOP: Passkey = {
  id: 5,
  name: 'حاسوب العمل',
  createdAt: '2026-03-02T09:30:00.000Z',
  lastUsedAt: null,
};

let fetchMock: Mock<typeof fetch>;
let kept: Passkey[];
let undoWebAuthn: () => void = () => {};
const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  vi.mocked(startRegistration).mockReset();
  kept = [];
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    const path = String(url);
    const method = init?.method ?? 'GET';
    if (path === '/api/auth/passkeys' && method === 'GET') return jsonResponse({ data: kept });
    if (path === '/api/auth/passkeys/register/options') return jsonResponse(OPTIONS);
    if (path === '/api/auth/passkeys' && method === 'POST') {
      const body = JSON.parse(String(init!.body)) as { name: string };
      const passkey = { id: 6, name: body.name, createdAt: '2026-03-03T10:00:00.000Z', lastUsedAt: null };
      kept = [passkey, ...kept];
      return jsonResponse({ passkey }, { status: 201 });
    }
    if (method === 'DELETE') {
      kept = kept.filter((p) => path !== `/api/auth/passkeys/${p.id}`);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({});
  });
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
      <PasskeysTab />
      <Toaster />
    </>,
  );
  return user;
}

describe('passkeys tab', { timeout: 30_000 }, () => {
  it('says there are none yet, and that this browser cannot add one', async () => {
    setup();
    expect(await screen.findByText('لا مفاتيح مرور بعد')).toBeInTheDocument();
    expect(screen.getByText(/هذا المتصفح لا يدعم مفاتيح المرور/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إضافة مفتاح مرور' })).toBeNull();
  });

  it('shows an error with a retry when the list cannot be read', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'INTERNAL', message: 'boom' }, { status: 500 }),
    );
    setup();
    expect(await screen.findByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('lists each passkey with the dates in the reader’s language', async () => {
    kept = [
      { ...LAPTOP, lastUsedAt: '2026-03-04T12:00:00.000Z' },
      { ...LAPTOP, id: 4, name: 'Phone' },
    ];
    await setLanguage('en');
    setup();
    const rows = await screen.findAllByTestId('passkey');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Added:');
    expect(rows[0]).toHaveTextContent('2026');
    expect(rows[1]).toHaveTextContent('Not used yet');
  });

  it('refuses an empty name before the browser is asked, then adds the passkey under the name typed', async () => {
    undoWebAuthn = withWebAuthn();
    vi.mocked(startRegistration).mockResolvedValue(CREATED as never);
    const user = setup();
    const add = await screen.findByRole('button', { name: 'إضافة مفتاح مرور' });
    await user.click(add);
    expect(await screen.findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(startRegistration).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('اسم المفتاح'), 'هاتفي');
    await user.click(add);
    expect(await screen.findByText('أُضيف مفتاح المرور')).toBeInTheDocument();
    expect(vi.mocked(startRegistration).mock.calls[0]![0]).toEqual({ optionsJSON: OPTIONS });
    expect(JSON.parse(String(calls('POST', '/api/auth/passkeys')[0]![1]!.body))).toEqual({
      response: CREATED,
      name: 'هاتفي',
    });
    expect(await screen.findByText('هاتفي')).toBeInTheDocument();
  });

  it('says the dialog was cancelled and keeps nothing', async () => {
    undoWebAuthn = withWebAuthn();
    vi.mocked(startRegistration).mockRejectedValue(cancelledByUser());
    const user = setup();
    await user.type(await screen.findByLabelText('اسم المفتاح'), 'هاتفي');
    await user.click(screen.getByRole('button', { name: 'إضافة مفتاح مرور' }));
    expect(await screen.findByText(/أُلغيت العملية/)).toBeInTheDocument();
    expect(calls('POST', '/api/auth/passkeys')).toHaveLength(0);
  });

  it('removes a passkey only after the confirmation', async () => {
    kept = [LAPTOP];
    const user = setup();
    const [row] = await screen.findAllByTestId('passkey');
    await user.click(within(row!).getByRole('button', { name: 'إزالة مفتاح المرور: حاسوب العمل' }));
    expect(calls('DELETE', '/api/auth/passkeys/5')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'تأكيد إزالة مفتاح المرور: حاسوب العمل' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'تأكيد إزالة مفتاح المرور: حاسوب العمل' }));
    expect(await screen.findByText('لا مفاتيح مرور بعد')).toBeInTheDocument();
    expect(calls('DELETE', '/api/auth/passkeys/5')).toHaveLength(1);
  });
});
