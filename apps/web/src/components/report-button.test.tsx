import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { ReportButton } from './report-button';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearTokens();
  await setLanguage('ar');
});

function view() {
  return renderWithProviders(
    <>
      <ReportButton targetType="opportunity" targetId={12} />
      <Toaster />
    </>,
    { path: '/opportunities/12', routes: [{ path: '/login', element: <p>login page</p> }] },
  );
}

const signIn = () =>
  setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });

describe('ReportButton', () => {
  it('sends a signed-out visitor to sign in first', async () => {
    const { router } = view();
    await userEvent.click(screen.getByRole('button', { name: 'الإبلاغ عن الفرصة' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fopportunities%2F12');
  });

  it('checks the form with the shared schema before sending, then sends it (en)', async () => {
    await setLanguage('en');
    signIn();
    const posted: unknown[] = [];
    mockApi((url, init) => {
      if (url.pathname === '/api/reports' && init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse({ report: { id: 1 } }, { status: 201 });
      }
      return undefined;
    });
    view();
    await userEvent.click(screen.getByRole('button', { name: 'Report this listing' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Details must be at least 10 characters')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'fraud');
    await userEvent.type(screen.getByLabelText('Details'), 'The figures are copied from another listing.');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        targetType: 'opportunity',
        targetId: 12,
        reason: 'fraud',
        details: 'The figures are copied from another listing.',
      },
    ]);
  });

  it('says so when the same report is still open (ALREADY_REPORTED)', async () => {
    signIn();
    mockApi((url) =>
      url.pathname === '/api/reports'
        ? jsonResponse({ code: 'ALREADY_REPORTED', message: 'x' }, { status: 409 })
        : undefined,
    );
    view();
    await userEvent.click(screen.getByRole('button', { name: 'الإبلاغ عن الفرصة' }));
    await userEvent.selectOptions(await screen.findByLabelText('السبب'), 'spam');
    await userEvent.type(screen.getByLabelText('التفاصيل'), 'رسائل مزعجة متكررة من المالك');
    await userEvent.click(screen.getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await screen.findByText('أبلغت عن هذا من قبل، وبلاغك قيد المراجعة')).toBeInTheDocument();
  });
});
