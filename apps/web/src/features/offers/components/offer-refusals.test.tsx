import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { OfferForm } from './offer-form';

/** The offer form when the server refuses the caller: a verified-buyers-only listing, or a block. */
function answerCodeWith(refusal: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/users/me/offers'))
        return jsonResponse({ data: [], pagination: { page: 1, pageSize: 1, total: 0, totalPages: 0 } });
      if (url.startsWith('/api/users/me'))
        return jsonResponse({ id: 5, username: 'سارة', email: 'sara@example.test', phoneNumber: null });
      if (url === '/api/opportunities/4/offers/code') return refusal.clone();
      return jsonResponse({ status: 'ok' });
    }),
  );
}

async function reachCodeStep() {
  setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  renderWithProviders(<OfferForm opportunityId={4} isOwner={false} />);
  await waitFor(() => expect(screen.getByLabelText('الاسم')).toHaveValue('سارة'));
  await userEvent.type(screen.getByLabelText('رقم الجوال'), '0512345678');
  await userEvent.click(screen.getByLabelText('أرغب في تقديم عرض'));
  await userEvent.type(screen.getByLabelText('رسالتك'), 'أرغب في شراء حصة في المشروع');
  await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
  await userEvent.click(await screen.findByRole('button', { name: 'أرسل الرمز' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens();
});

describe('OfferForm refusals', () => {
  it('explains VERIFICATION_REQUIRED and links to the verification tab', async () => {
    answerCodeWith(
      jsonResponse(
        {
          code: 'VERIFICATION_REQUIRED',
          message: 'هذه الفرصة للمشترين الموثقين فقط: وثّق حسابك من ملفك الشخصي أولًا',
        },
        { status: 403 },
      ),
    );
    await reachCodeStep();
    expect(await screen.findByText('هذه الفرصة للمشترين الموثقين فقط')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'وثّق حسابك من ملفك الشخصي' })).toHaveAttribute(
      'href',
      '/profile?tab=verification',
    );
  });

  it('shows the server’s BLOCKED message', async () => {
    answerCodeWith(
      jsonResponse(
        { code: 'BLOCKED', message: 'لا يمكنك التواصل مع هذا المستخدم أو التعامل مع فرصه' },
        { status: 403 },
      ),
    );
    await reachCodeStep();
    expect(
      await screen.findByText('لا يمكنك التواصل مع هذا المستخدم أو التعامل مع فرصه'),
    ).toBeInTheDocument();
  });
});
