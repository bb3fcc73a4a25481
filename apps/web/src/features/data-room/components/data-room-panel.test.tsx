import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { DataRoomPanel } from './data-room-panel';

function signIn() {
  setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
}

function mockApi(answer: () => Response) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/opportunities/4/access-requests' && method === 'POST') return answer();
      return jsonResponse({ status: 'ok' });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const created = () =>
  jsonResponse(
    {
      request: {
        id: 1,
        opportunityId: 4,
        requester: { id: 5, username: 'sara', buyerVerified: false },
        message: 'x',
        status: 'pending',
        createdAt: '2026-01-01T10:00:00.000Z',
        decidedAt: null,
      },
    },
    { status: 201 },
  );

describe('DataRoomPanel', () => {
  it('counts the confidential documents and checks the request in the browser before sending it', async () => {
    signIn();
    const calls = mockApi(created);
    renderWithProviders(<DataRoomPanel opportunityId={4} confidentialCount={2} access="none" canRequest />);
    expect(screen.getByText('مستندان سريان')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'طلب الاطلاع' }));
    await userEvent.type(screen.getByLabelText('رسالتك إلى المالك'), 'قصيرة');
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(await screen.findByText('الرسالة يجب ألا تقل عن 10 أحرف')).toBeInTheDocument();
    expect(screen.getByText('يجب الموافقة على تعهد السرية')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('رسالتك إلى المالك'), ' ونرغب في مراجعة المستندات');
    await userEvent.click(screen.getByRole('checkbox', { name: 'قرأت التعهد وأوافق عليه' }));
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      message: 'قصيرة ونرغب في مراجعة المستندات',
      acceptTerms: true,
    });
  });

  it('shows the server’s field messages on the form', async () => {
    signIn();
    mockApi(() =>
      jsonResponse(
        { code: 'VALIDATION_FAILED', message: 'x', fields: { message: 'رسالة من الخادم' } },
        { status: 400 },
      ),
    );
    renderWithProviders(<DataRoomPanel opportunityId={4} confidentialCount={1} access="none" canRequest />);
    await userEvent.click(screen.getByRole('button', { name: 'طلب الاطلاع' }));
    await userEvent.type(screen.getByLabelText('رسالتك إلى المالك'), 'رسالة طويلة بما يكفي');
    await userEvent.click(screen.getByRole('checkbox', { name: 'قرأت التعهد وأوافق عليه' }));
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(await screen.findByText('رسالة من الخادم')).toBeInTheDocument();
  });

  it('shows the status of a request instead of the form, in English too', async () => {
    signIn();
    mockApi(created);
    await setLanguage('en');
    renderWithProviders(
      <DataRoomPanel opportunityId={4} confidentialCount={1} access="revoked" canRequest />,
    );
    expect(screen.getByText('One confidential document')).toBeInTheDocument();
    expect(screen.getByText('Revoked')).toBeInTheDocument();
    expect(
      screen.getByText('The owner revoked your access to the confidential documents.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request access' })).not.toBeInTheDocument();
  });
});
