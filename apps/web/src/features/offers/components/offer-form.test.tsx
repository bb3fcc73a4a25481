import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { OfferForm } from './offer-form';
import { SAMPLE_OFFER } from './sample-offer';
import type { MyOffer } from '@safqa/shared/validation/offers';

const offer = SAMPLE_OFFER;

function signIn() {
  setTokens({ accessToken: fakeJwt({ sub: '5', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
}

/** `mine`: the caller's offers on this listing (GET /api/users/me/offers?opportunityId=4), newest first. */
function mockApi(offerAnswers: Response[], mine: MyOffer[] = []) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/users/me/offers')) {
        expect(url).toContain('opportunityId=4');
        const total = mine.length;
        return jsonResponse({
          data: mine.slice(0, 1),
          pagination: { page: 1, pageSize: 1, total, totalPages: total },
        });
      }
      if (url.startsWith('/api/users/me')) {
        return jsonResponse({ id: 5, username: 'سارة', email: 'sara@example.test', phoneNumber: null });
      }
      if (url === '/api/opportunities/4/offers/code') {
        return jsonResponse({ message: 'ok', resendAfter: 60, expiresInMinutes: 10 });
      }
      if (url === '/api/opportunities/4/offers') return offerAnswers.shift()!;
      return jsonResponse({ status: 'ok' });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('OfferForm', () => {
  it('is not shown to the owner', () => {
    signIn();
    mockApi([]);
    const { container } = renderWithProviders(<OfferForm opportunityId={4} isOwner />);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks a signed-out visitor to sign in and come back', () => {
    mockApi([]);
    renderWithProviders(<OfferForm opportunityId={4} isOwner={false} />, { path: '/opportunities/4' });
    expect(screen.getByRole('link', { name: 'سجّل الدخول لتقديم عرض' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fopportunities%2F4',
    );
  });

  it('checks the details with the shared rules, in Arabic', async () => {
    signIn();
    mockApi([]);
    renderWithProviders(<OfferForm opportunityId={4} isOwner={false} />);
    // The name comes from the account once it loads.
    await waitFor(() => expect(screen.getByLabelText('الاسم')).toHaveValue('سارة'));
    await userEvent.clear(screen.getByLabelText('الاسم'));
    await userEvent.type(screen.getByLabelText('رقم الجوال'), '0612345678');
    await userEvent.type(screen.getByLabelText('رسالتك'), 'قصيرة');
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(screen.getByText('رقم الجوال يجب أن يكون سعوديًا مثل 9665XXXXXXXX')).toBeInTheDocument();
    expect(screen.getByText('اختر سببًا واحدًا على الأقل', { selector: 'p.text-red-700' })).toBeInTheDocument();
    expect(screen.getByText('الرسالة يجب ألا تقل عن 10 أحرف')).toBeInTheDocument();
  });

  it('sends the code, counts down to a resend, explains a wrong code and confirms the offer', async () => {
    signIn();
    const calls = mockApi([
      jsonResponse({ code: 'CODE_INVALID', message: 'الرمز غير صحيح', attemptsLeft: 4 }, { status: 400 }),
      jsonResponse({ offer }, { status: 201 }),
    ]);
    renderWithProviders(<OfferForm opportunityId={4} isOwner={false} />);
    await waitFor(() => expect(screen.getByLabelText('الاسم')).toHaveValue('سارة'));
    await userEvent.type(screen.getByLabelText('رقم الجوال'), '٠٥١٢٣٤٥٦٧٨');
    await userEvent.click(screen.getByLabelText('أرغب في تقديم عرض'));
    await userEvent.type(screen.getByLabelText('رسالتك'), 'أرغب في شراء حصة في المشروع');
    await userEvent.type(screen.getByLabelText('المبلغ المعروض (اختياري)'), '250,000');
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));

    expect(await screen.findByLabelText('البريد الإلكتروني')).toHaveValue('sara@example.test');
    // The keyboard follows each step: the email field after "Next", the code field after "Send code".
    await waitFor(() => expect(screen.getByLabelText('البريد الإلكتروني')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    expect(
      await screen.findByText('أرسلنا رمزًا إلى sara@example.test، وهو صالح لمدة 10 دقائق.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('رمز التحقق')).toHaveFocus());
    expect(screen.getByRole('button', { name: /إعادة الإرسال بعد (1:00|0:5\d)/ })).toBeDisabled();
    expect(calls.find((c) => c.url.endsWith('/offers/code'))?.body).toEqual({ email: 'sara@example.test' });

    await userEvent.type(screen.getByLabelText('رمز التحقق'), '١٢٣٤');
    await userEvent.click(screen.getByRole('button', { name: 'إرسال العرض' }));
    expect(await screen.findByText('الرمز غير صحيح. بقيت 4 محاولات.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'إرسال العرض' }));
    expect(await screen.findByText('تم إرسال عرضك')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
    const sent = calls.filter((c) => c.url === '/api/opportunities/4/offers').at(-1)?.body;
    expect(sent).toEqual({
      name: 'سارة',
      phone: '966512345678',
      reasons: { wantsOffer: true, knowRegulations: false, moreFinancial: false, moreOperational: false },
      message: 'أرغب في شراء حصة في المشروع',
      amount: 250000,
      email: 'sara@example.test',
      code: '1234',
    });
    expect(screen.getByRole('link', { name: 'عروضي' })).toHaveAttribute('href', '/profile/my-offers');
  });

  it('keeps the code and every detail when the server is away (503 with Retry-After)', async () => {
    signIn();
    const calls = mockApi([
      jsonResponse(
        { code: 'SERVICE_UNAVAILABLE', message: 'الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات' },
        { status: 503, headers: { 'retry-after': '5' } },
      ),
      new Response('<html>Service Unavailable</html>', { status: 503 }),
    ]);
    renderWithProviders(<OfferForm opportunityId={4} isOwner={false} />);
    await waitFor(() => expect(screen.getByLabelText('الاسم')).toHaveValue('سارة'));
    await userEvent.type(screen.getByLabelText('رقم الجوال'), '0512345678');
    await userEvent.click(screen.getByLabelText('أرغب في تقديم عرض'));
    await userEvent.type(screen.getByLabelText('رسالتك'), 'أرغب في شراء حصة في المشروع');
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    await userEvent.click(await screen.findByRole('button', { name: 'أرسل الرمز' }));
    await userEvent.type(screen.getByLabelText('رمز التحقق'), '1234');

    await userEvent.click(screen.getByRole('button', { name: 'إرسال العرض' }));
    expect(await screen.findByText('الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات')).toBeInTheDocument();
    expect(screen.getByLabelText('رمز التحقق')).toHaveValue('1234');
    // Behind a proxy that answers its own page: the same advice, in the page's language.
    await userEvent.click(screen.getByRole('button', { name: 'إرسال العرض' }));
    expect(await screen.findByText('الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات.')).toBeInTheDocument();
    expect(screen.getByLabelText('رمز التحقق')).toHaveValue('1234');

    await userEvent.click(screen.getByRole('button', { name: 'رجوع' }));
    expect(screen.getByLabelText('رسالتك')).toHaveValue('أرغب في شراء حصة في المشروع');
    expect(screen.getByLabelText('رقم الجوال')).toHaveValue('0512345678');
    expect(screen.getByLabelText('أرغب في تقديم عرض')).toBeChecked();
    expect(calls.filter((c) => c.url === '/api/opportunities/4/offers')).toHaveLength(2);
  });
});

const CARD = {
  id: 4,
  opportunityName: 'Roastery',
  opportunityNameAr: 'محمصة',
  type: 'invest',
  offeredPercentage: 20,
  requiredAmount: 500000,
  logo: null,
  coverImage: null,
  businessType: { id: 8, nameAR: 'أغذية', nameEN: 'Food' },
  region: { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' },
  city: { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' },
  isVerified: false,
  createdAt: '2026-01-01T10:00:00.000Z',
} as MyOffer['opportunity'];

describe('OfferForm after an offer', () => {
  it("shows the caller's latest offer, its status and the owner's note instead of a blank form", async () => {
    signIn();
    const accepted: MyOffer = { ...offer, status: 'accepted', note: 'نلتقي يوم الأحد', opportunity: CARD };
    mockApi([], [accepted, { ...offer, id: 10, opportunity: CARD }]);
    renderWithProviders(<OfferForm opportunityId={4} isOwner={false} />);
    expect(await screen.findByRole('heading', { name: 'عرضك' })).toBeInTheDocument();
    expect(screen.getByText(/قدّمت عرضًا بمبلغ .*250,000.* في/)).toBeInTheDocument();
    expect(screen.getByText('مقبول')).toBeInTheDocument();
    expect(screen.getByText('نلتقي يوم الأحد')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('قدّمت هنا عرضًا آخر قبل هذا.')).toBeInTheDocument();
    expect(screen.queryByLabelText('الاسم')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'تقديم عرض آخر' }));
    expect(await screen.findByLabelText('الاسم')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'قدّم عرضك' })).toHaveFocus();
  });

  it('shows the form to a caller who has not offered here', async () => {
    signIn();
    mockApi([], []);
    renderWithProviders(<OfferForm opportunityId={4} isOwner={false} />);
    expect(await screen.findByLabelText('الاسم')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'عرضك' })).not.toBeInTheDocument();
  });
});
