import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@/lib/api-client';
import { setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, findToast, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { uploadDocument } from '../../api/upload-file';
import { draftKey, loadDraft, saveDraft } from './draft';
import { Toaster } from '@/components/ui/toaster';
import { OpportunityWizard } from './opportunity-wizard';
import { EMPTY_META, EMPTY_VALUES } from './wizard-values';

vi.mock('../../api/upload-file', async (original) => ({
  ...(await original<typeof import('../../api/upload-file')>()),
  uploadDocument: vi.fn(),
}));

const KEY = draftKey(7, null);

function renderWizard(props: Partial<Parameters<typeof OpportunityWizard>[0]> = {}) {
  return renderWithProviders(
    <OpportunityWizard
      opportunityId={null}
      initial={{ values: EMPTY_VALUES, meta: EMPTY_META }}
      approved={false}
      draftKey={KEY}
      {...props}
    />,
    { path: '/opportunities/add', routes: [{ path: '/opportunities/:id', element: <p>listing page</p> }] },
  );
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'التالي' }));
const heading = () => screen.getByRole('heading', { level: 2, name: /./ });

beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '7', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  // jsdom has no layout: the wizard scrolls to each step's heading.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

async function fillBasicInfo() {
  await userEvent.type(screen.getByLabelText('اسم المشروع بالعربية'), 'محمصة قهوة');
  await userEvent.type(screen.getByLabelText('اسم المشروع بالإنجليزية'), 'Coffee roastery');
  await waitFor(() => expect(within(screen.getByLabelText('القطاع')).getAllByRole('option')).toHaveLength(3));
  fireEvent.change(screen.getByLabelText('القطاع'), { target: { value: '8' } });
  await userEvent.type(screen.getByLabelText('الوصف بالعربية'), 'محمصة مختصة في الرياض بفرعين');
  await userEvent.type(screen.getByLabelText('الوصف بالإنجليزية'), 'A specialty roastery in Riyadh');
}

// Typing into many fields takes a while in jsdom on a busy machine.
describe('listing wizard: per-step validation with the shared schemas', { timeout: 30_000 }, () => {
  it('stops on basic info with the shared messages, in Arabic and then in English', async () => {
    mockApi();
    renderWizard();
    await next();
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(5);
    expect(heading()).toHaveTextContent('المعلومات الأساسية');
    await userEvent.type(screen.getByLabelText('اسم المشروع بالعربية'), 'مح');
    await userEvent.type(screen.getByLabelText('الوصف بالعربية'), 'قصير');
    await next();
    expect(await screen.findByText('الاسم يجب ألا يقل عن 3 أحرف')).toBeInTheDocument();
    expect(screen.getByText('الوصف يجب ألا يقل عن 10 أحرف')).toBeInTheDocument();
    await setLanguage('en');
    expect(await screen.findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Business name in Arabic')).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves on once a step is valid; cities follow the chosen region', async () => {
    mockApi();
    renderWizard();
    await fillBasicInfo();
    await next();
    expect(heading()).toHaveTextContent('الموقع');
    const city = screen.getByLabelText('المدينة');
    expect(city).toBeDisabled();
    await waitFor(() =>
      expect(within(screen.getByLabelText('المنطقة')).getAllByRole('option')).toHaveLength(3),
    );
    fireEvent.change(screen.getByLabelText('المنطقة'), { target: { value: '2' } });
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['اختر…', 'جدة']);
    await next();
    expect(await screen.findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    fireEvent.change(city, { target: { value: '3' } });
    await next();
    expect(heading()).toHaveTextContent('تفاصيل التشغيل');
  });

  it('checks numbers, dates and percentages on the operation and financial steps', async () => {
    mockApi();
    saveDraft(KEY, { step: 'operationDetails', values: { ...EMPTY_VALUES }, meta: EMPTY_META });
    renderWizard();
    await userEvent.type(screen.getByLabelText('عدد العاملين'), '2.5');
    fireEvent.change(screen.getByLabelText('تاريخ التأسيس'), { target: { value: '2999-01-01' } });
    await next();
    expect(await screen.findByText('يجب أن يكون رقمًا صحيحًا')).toBeInTheDocument();
    expect(screen.getByText('التاريخ لا يمكن أن يكون في المستقبل')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('عدد العاملين'));
    await userEvent.type(screen.getByLabelText('عدد العاملين'), '12');
    fireEvent.change(screen.getByLabelText('تاريخ التأسيس'), { target: { value: '2019-03-01' } });
    await next();
    expect(heading()).toHaveTextContent('المعلومات المالية');
    // The new step's heading takes focus on the next frame; typing before that would lose keys to it.
    await waitFor(() => expect(heading()).toHaveFocus());
    await userEvent.type(screen.getByLabelText('النسبة المعروضة (%)'), '120');
    await next();
    expect(await screen.findByText('يجب ألا تزيد القيمة على 100')).toBeInTheDocument();
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(5);
  });

  it('takes the money and count fields typed with an Arabic keyboard (١٥٠٠٠٠٠), with grouping', async () => {
    mockApi();
    saveDraft(KEY, { step: 'operationDetails', values: { ...EMPTY_VALUES }, meta: EMPTY_META });
    renderWizard();
    await userEvent.type(screen.getByLabelText('عدد العاملين'), '١٢');
    fireEvent.change(screen.getByLabelText('تاريخ التأسيس'), { target: { value: '2019-03-01' } });
    await next();
    expect(heading()).toHaveTextContent('المعلومات المالية');
    await waitFor(() => expect(heading()).toHaveFocus());
    await userEvent.type(screen.getByLabelText('النسبة المعروضة (%)'), '٢٥٫٥');
    await userEvent.type(screen.getByLabelText('المبلغ المطلوب (ريال)'), '١٬٥٠٠٬٠٠٠');
    await waitFor(() =>
      expect(loadDraft(KEY)?.values).toMatchObject({
        facilitySize: 12,
        offeredPercentage: 25.5,
        requiredAmount: 1_500_000,
      }),
    );
  });

  it('normalises a Saudi phone on leaving the field and refuses a foreign one', async () => {
    mockApi();
    saveDraft(KEY, { step: 'contactInfo', values: { ...EMPTY_VALUES }, meta: EMPTY_META });
    renderWizard();
    const phone = screen.getByLabelText('رقم الجوال');
    await userEvent.type(phone, '+44 7700 900123');
    await next();
    expect(await screen.findByText('رقم الجوال يجب أن يكون سعوديًا مثل 9665XXXXXXXX')).toBeInTheDocument();
    await userEvent.clear(phone);
    await userEvent.type(phone, '055 123 4567');
    await userEvent.tab();
    expect(phone).toHaveValue('966551234567');
    await next();
    expect(heading()).toHaveTextContent('المراجعة والإرسال');
  });
});

describe('listing wizard: the draft survives a reload', { timeout: 30_000 }, () => {
  it('keeps every keystroke in localStorage under the user and listing', async () => {
    mockApi();
    renderWizard();
    await userEvent.type(screen.getByLabelText('اسم المشروع بالعربية'), 'مقهى الحي');
    await waitFor(() => expect(loadDraft(KEY)?.values.nameAr).toBe('مقهى الحي'));
    expect(loadDraft(draftKey(8, null))).toBeNull();
  });

  it('restores the step and the values after a reload, and can start over', async () => {
    mockApi();
    saveDraft(KEY, {
      step: 'location',
      values: {
        ...EMPTY_VALUES,
        nameAr: 'مقهى الحي',
        name: 'Corner café',
        businessTypeId: 8,
        description: 'A café near the park',
        descriptionAr: 'مقهى قرب الحديقة العامة',
        regionId: 1,
      },
      meta: EMPTY_META,
    });
    renderWizard();
    expect(screen.getByText('استعدنا ما كتبته')).toBeInTheDocument();
    expect(heading()).toHaveTextContent('الموقع');
    await waitFor(() => expect(screen.getByLabelText('المنطقة')).toHaveValue('1'));
    await userEvent.click(screen.getByRole('button', { name: /المعلومات الأساسية/ }));
    expect(screen.getByLabelText('اسم المشروع بالعربية')).toHaveValue('مقهى الحي');
    expect(screen.getByLabelText('اسم المشروع بالإنجليزية')).toHaveValue('Corner café');
    await userEvent.click(screen.getByRole('button', { name: 'البدء من جديد' }));
    expect(screen.getByLabelText('اسم المشروع بالعربية')).toHaveValue('');
    expect(screen.queryByText('استعدنا ما كتبته')).toBeNull();
  });

  it('holds Next, Back and the step list while a document uploads, so the file is not dropped', async () => {
    mockApi();
    let answer!: (value: Awaited<ReturnType<typeof uploadDocument>>) => void;
    vi.mocked(uploadDocument).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    saveDraft(KEY, { step: 'documents', values: EMPTY_VALUES, meta: EMPTY_META });
    const { container } = renderWizard();
    const input = container.querySelector<HTMLInputElement>('[data-dropzone="documents"] input[type=file]')!;
    await userEvent.upload(input, new File(['%PDF-1.4'], 'accounts.pdf', { type: 'application/pdf' }));
    // Next stays focusable while busy (aria-disabled), and a click on it does nothing.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'التالي' })).toHaveAttribute('aria-disabled', 'true'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    expect(heading()).toHaveTextContent('الصور والمستندات');
    expect(screen.getByRole('button', { name: 'السابق' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /المعلومات الأساسية/ })).toBeDisabled();
    // Enter in the form submits it: the step waits instead of moving on without the file.
    fireEvent.submit(container.querySelector('form#wizard-documents')!);
    expect(heading()).toHaveTextContent('الصور والمستندات');

    answer({
      url: '/uploads/tmp/a.pdf',
      name: 'accounts.pdf',
      size: 8,
      mimeType: 'application/pdf',
      expiresAt: '2026-12-01T00:00:00Z',
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'التالي' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(loadDraft(KEY)?.values.documents).toEqual([
      { url: '/uploads/tmp/a.pdf', name: 'accounts.pdf', confidential: false },
    ]);
  });

  it.each([
    ['ar', 'وصلت إلى حد الرفع', 'أرسل الفرصة بالملفات التي رفعتها'],
    ['en', 'Upload limit reached', 'Send the listing with the files you uploaded'],
  ] as const)(
    'says in %s that the upload quota is reached, once, and sends no more files',
    async (language, title, hint) => {
      mockApi();
      await setLanguage(language);
      const quota = new ApiError('server text', 429, {
        code: 'UPLOAD_QUOTA',
        body: { code: 'UPLOAD_QUOTA', message: 'server text' },
      });
      vi.mocked(uploadDocument).mockReset().mockRejectedValue(quota);
      saveDraft(KEY, { step: 'documents', values: EMPTY_VALUES, meta: EMPTY_META });
      const { container } = renderWizard();
      render(<Toaster />);
      const input = container.querySelector<HTMLInputElement>(
        '[data-dropzone="documents"] input[type=file]',
      )!;
      const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
      await userEvent.upload(input, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
      const shown = await findToast(title);
      expect(shown).toHaveAttribute('data-variant', 'destructive');
      expect(shown).toHaveTextContent(hint);
      expect(uploadDocument).toHaveBeenCalledTimes(1);
      expect(loadDraft(KEY)?.values.documents ?? []).toEqual([]);
      await setLanguage('ar');
    },
  );

  it('submits the whole input, clears the draft and opens the new listing', async () => {
    const fetchMock = mockApi((url, init) =>
      url.pathname === '/api/opportunities' && init?.method === 'POST'
        ? jsonResponse({ id: 41, status: 'pending' }, { status: 201 })
        : undefined,
    );
    document.cookie = 'XSRF-TOKEN=t';
    saveDraft(KEY, {
      step: 'review',
      values: {
        ...EMPTY_VALUES,
        nameAr: 'مقهى الحي',
        name: 'Corner café',
        businessTypeId: 8,
        description: 'A café near the park',
        descriptionAr: 'مقهى قرب الحديقة العامة',
        regionId: 1,
        cityId: 2,
        facilitySize: 6,
        facilityFoundationDay: '2020-02-02',
        offeredPercentage: 40,
        requiredAmount: 300000,
        ebitda: -5000,
        yearlySales: 900000,
        yearlyOperationalCost: 905000,
        expectedYearProfitPercentage: 12.5,
        contactPhone: '0551234567',
      },
      meta: EMPTY_META,
    });
    const { router } = renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/opportunities/41'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = JSON.parse(String(post![1]!.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      nameAr: 'مقهى الحي',
      cityId: 2,
      contactPhone: '966551234567',
      contactEmail: null,
      images: [],
      documents: [],
      logo: null,
    });
    expect(loadDraft(KEY)).toBeNull();
  });

  it('keeps the whole input and the draft when the server is away (503), says to try again in a moment', async () => {
    const fetchMock = mockApi((url, init) =>
      url.pathname === '/api/opportunities' && init?.method === 'POST'
        ? new Response('<html>Service Unavailable</html>', { status: 503, headers: { 'retry-after': '5' } })
        : undefined,
    );
    document.cookie = 'XSRF-TOKEN=t';
    const values = {
      ...EMPTY_VALUES,
      nameAr: 'مقهى الحي',
      name: 'Corner café',
      businessTypeId: 8,
      description: 'A café near the park',
      descriptionAr: 'مقهى قرب الحديقة العامة',
      regionId: 1,
      cityId: 2,
      facilitySize: 6,
      facilityFoundationDay: '2020-02-02',
      offeredPercentage: 40,
      requiredAmount: 300000,
      ebitda: -5000,
      yearlySales: 900000,
      yearlyOperationalCost: 905000,
      expectedYearProfitPercentage: 12.5,
      contactPhone: '0551234567',
    };
    saveDraft(KEY, { step: 'review', values, meta: EMPTY_META });
    const { router } = renderWithProviders(
      <>
        <OpportunityWizard
          opportunityId={null}
          initial={{ values: EMPTY_VALUES, meta: EMPTY_META }}
          approved={false}
          draftKey={KEY}
        />
        <Toaster />
      </>,
      { path: '/opportunities/add' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'إرسال للمراجعة' }));
    expect(await screen.findByText('الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/opportunities/add');
    expect(loadDraft(KEY)).toMatchObject({
      step: 'review',
      values: { nameAr: 'مقهى الحي', requiredAmount: 300000 },
    });
    expect(screen.getByRole('button', { name: 'إرسال للمراجعة' })).toBeInTheDocument();
  });

  it('asks before sending an approved listing back to review', async () => {
    const fetchMock = mockApi((url, init) =>
      url.pathname === '/api/opportunities/5' && init?.method === 'PUT' ? jsonResponse({ id: 5 }) : undefined,
    );
    document.cookie = 'XSRF-TOKEN=t';
    const values = {
      ...EMPTY_VALUES,
      nameAr: 'مقهى الحي',
      name: 'Corner café',
      businessTypeId: 8,
      description: 'A café near the park',
      descriptionAr: 'مقهى قرب الحديقة العامة',
      regionId: 1,
      cityId: 2,
      facilitySize: 6,
      facilityFoundationDay: '2020-02-02',
      offeredPercentage: 40,
      requiredAmount: 300000,
      ebitda: 5000,
      yearlySales: 900000,
      yearlyOperationalCost: 895000,
      expectedYearProfitPercentage: 12.5,
      contactPhone: '966551234567',
    };
    saveDraft(draftKey(7, 5), { step: 'review', values, meta: EMPTY_META });
    renderWizard({
      opportunityId: 5,
      approved: true,
      draftKey: draftKey(7, 5),
      initial: { values, meta: EMPTY_META },
    });
    await userEvent.click(screen.getByRole('button', { name: 'حفظ وإرسال للمراجعة' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'إعادة الفرصة إلى المراجعة؟' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'نعم، احفظ وأرسل' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
  });
});
