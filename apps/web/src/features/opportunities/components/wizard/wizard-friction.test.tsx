import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { draftKey, loadDraft, saveDraft } from './draft';
import { OpportunityWizard } from './opportunity-wizard';
import { EMPTY_META, EMPTY_VALUES, type WizardValues } from './wizard-values';

/** Issue 22 item 13: edit mode opens every step, the contact step starts from the account, big amounts read. */
const KEY = draftKey(7, null);

const LISTING: WizardValues = {
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

const ACCOUNT = {
  id: 7,
  username: 'sara_owner',
  email: 'sara@example.com',
  phoneNumber: '0551234567',
  role: 'owner',
  isAdvisor: false,
  advisor: null,
  emailVerified: true,
  language: 'ar',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderWizard(props: Partial<Parameters<typeof OpportunityWizard>[0]> = {}) {
  return renderWithProviders(
    <OpportunityWizard
      opportunityId={null}
      initial={{ values: EMPTY_VALUES, meta: EMPTY_META }}
      approved={false}
      draftKey={KEY}
      {...props}
    />,
    { path: '/opportunities/add' },
  );
}

const steps = () => within(screen.getByRole('navigation', { name: /./ })).getAllByRole('button');
const heading = () => screen.getByRole('heading', { level: 2, name: /./ });

beforeEach(() => {
  setTokens({ accessToken: fakeJwt({ sub: '7', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await setLanguage('ar');
});

describe('listing wizard: edit mode', { timeout: 30_000 }, () => {
  it('opens every step of an existing listing at once: the price step is one tap away', async () => {
    mockApi();
    renderWizard({
      opportunityId: 5,
      draftKey: draftKey(7, 5),
      initial: { values: LISTING, meta: EMPTY_META },
    });
    const buttons = steps();
    expect(buttons).toHaveLength(7);
    // The current step is the only one not offered.
    expect(buttons.filter((button) => button.hasAttribute('disabled'))).toEqual([buttons[0]]);
    await userEvent.click(buttons[3]!);
    expect(heading()).toHaveTextContent('المعلومات المالية');
    expect(screen.getByLabelText('المبلغ المطلوب (ريال)')).toHaveValue('300000');
  });

  it('keeps the later steps closed for a new listing until they are reached', async () => {
    mockApi();
    renderWizard();
    expect(steps().filter((button) => !button.hasAttribute('disabled'))).toEqual([]);
  });
});

describe('listing wizard: contact step', { timeout: 30_000 }, () => {
  it("starts from the account's username, email and phone, and says so", async () => {
    mockApi((url) => (url.pathname === '/api/users/me' ? jsonResponse(ACCOUNT) : undefined));
    saveDraft(KEY, { step: 'contactInfo', values: { ...EMPTY_VALUES }, meta: EMPTY_META });
    renderWizard();
    expect(await screen.findByText('ملأنا بيانات التواصل من حسابك، وتستطيع تعديلها.')).toBeInTheDocument();
    expect(screen.getByLabelText('اسم المسؤول عن التواصل (اختياري)')).toHaveValue('sara_owner');
    expect(screen.getByLabelText(/البريد الإلكتروني/)).toHaveValue('sara@example.com');
    expect(screen.getByLabelText('رقم الجوال')).toHaveValue('966551234567');
    await waitFor(() =>
      expect(loadDraft(KEY)?.values).toMatchObject({
        contactMemberName: 'sara_owner',
        contactPhone: '966551234567',
      }),
    );
  });

  it('never overwrites contact details already given', async () => {
    mockApi((url) => (url.pathname === '/api/users/me' ? jsonResponse(ACCOUNT) : undefined));
    saveDraft(KEY, {
      step: 'contactInfo',
      values: { ...EMPTY_VALUES, contactPhone: '966500000001' },
      meta: EMPTY_META,
    });
    renderWizard();
    await screen.findByLabelText('رقم الجوال');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('رقم الجوال')).toHaveValue('966500000001');
    expect(screen.getByLabelText('اسم المسؤول عن التواصل (اختياري)')).toHaveValue('');
    expect(screen.queryByText('ملأنا بيانات التواصل من حسابك، وتستطيع تعديلها.')).not.toBeInTheDocument();
  });
});

describe('listing wizard: big amounts', { timeout: 30_000 }, () => {
  it('shows an amount grouped and in words beside the field, in Arabic and in English', async () => {
    mockApi();
    saveDraft(KEY, { step: 'financialInfo', values: { ...EMPTY_VALUES }, meta: EMPTY_META });
    renderWizard();
    const amount = await screen.findByLabelText('المبلغ المطلوب (ريال)');
    await userEvent.type(amount, '1500000');
    expect(amount).toHaveAccessibleDescription('1,500,000 ريال (1.5 مليون)');
    await setLanguage('en');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('SAR 1,500,000 (1.5 million)'));
    await userEvent.clear(amount);
    await userEvent.type(amount, '900');
    expect(amount).not.toHaveAccessibleDescription();
  });
});
