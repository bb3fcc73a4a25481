import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyVerification } from '@safqa/shared/validation/verifications';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as VerificationTab } from './verification-tab';

configure({ asyncUtilTimeout: 10_000 });

let fetchMock: Mock<typeof fetch>;
let state: MyVerification;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  state = { buyerVerified: false, verifiedAt: null, requests: [] };
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    if (String(url) === '/api/users/me/verification' && (init?.method ?? 'GET') === 'GET')
      return jsonResponse(state);
    if (String(url) === '/api/users/me/verification') {
      state = {
        ...state,
        requests: [
          {
            id: 1,
            kind: 'identity',
            status: 'pending',
            fileName: 'id.png',
            note: null,
            rejectionReason: null,
            decidedAt: null,
            createdAt: '2026-11-28T10:00:00.000Z',
          },
        ],
      };
      return jsonResponse({ verification: { id: 1 } }, { status: 201 });
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  clearTokens();
  await setLanguage('ar');
});

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('Profile: verification tab', () => {
  it('refuses a file of another type or over 10 MB before sending (ar)', async () => {
    await setLanguage('ar');
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<VerificationTab />);
    expect(await screen.findByText('لا توجد طلبات توثيق')).toBeInTheDocument();
    const input = screen.getByLabelText('الملف');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('الملف يجب أن يكون PDF أو JPEG أو PNG')).toBeInTheDocument();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(input, big);
    expect(await screen.findByText('حجم الملف يجب ألا يزيد على 10 ميجابايت')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));
    expect(posts()).toHaveLength(0);
  });

  it('sends the kind, the note and the file, then lists the pending request (en)', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<VerificationTab />);
    await user.selectOptions(await screen.findByLabelText('Document type'), 'identity');
    await user.upload(screen.getByLabelText('File'), new File(['png'], 'id.png', { type: 'image/png' }));
    await user.type(screen.getByLabelText('Note (optional)'), 'My passport');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    const body = posts()[0]![1]!.body as FormData;
    expect(body.get('kind')).toBe('identity');
    expect(body.get('note')).toBe('My passport');
    expect((body.get('file') as File).name).toBe('id.png');
    // One request at a time: the form gives way to a note while it is reviewed.
    expect(screen.queryByRole('button', { name: 'Send for review' })).not.toBeInTheDocument();
  });

  it('shows the badge once verified and a rejection with its reason', async () => {
    await setLanguage('en');
    state = {
      buyerVerified: true,
      verifiedAt: '2026-11-20T10:00:00.000Z',
      requests: [
        {
          id: 2,
          kind: 'proof_of_funds',
          status: 'rejected',
          fileName: 'old.pdf',
          note: null,
          rejectionReason: 'The statement is too old',
          decidedAt: '2026-11-10T10:00:00.000Z',
          createdAt: '2026-11-09T10:00:00.000Z',
        },
      ],
    };
    renderWithProviders(<VerificationTab />);
    expect(await screen.findByText('Verified buyer')).toBeInTheDocument();
    expect(screen.getByText('The statement is too old')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
  });
});
