import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@safqa/shared/validation/users';
import { setTokens } from '@/lib/session';
import { Toaster } from '@/components/ui/toaster';
import { fakeJwt, findToast, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { Component as PersonalInfoTab } from './personal-info-tab';

// Screens appear after lazy work and mocked calls; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });

const TYPES = [
  { id: 4, nameAR: 'التجارة الإلكترونية', nameEN: 'E-commerce' },
  { id: 7, nameAR: 'التقنية', nameEN: 'Technology' },
];
const ME: User = {
  id: 3,
  username: 'سارة',
  email: 'sara@example.com',
  phoneNumber: '966551234567',
  role: 'owner',
  isAdvisor: false,
  advisor: null,
  emailVerified: true,
  buyerVerified: false,
  language: 'ar',
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let fetchMock: Mock<typeof fetch>;
const patchCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
  fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    if (String(url).includes('lookups')) return jsonResponse({ data: TYPES });
    if (init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      return jsonResponse({
        ...ME,
        username: body.username,
        phoneNumber: body.phoneNumber,
        isAdvisor: body.isAdvisor,
        advisor: body.isAdvisor
          ? { bio: body.bio, experienceYears: body.experienceYears, businessTypes: [TYPES[1]] }
          : null,
      });
    }
    return jsonResponse(ME);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('personal info tab', { timeout: 30_000 }, () => {
  it('shows the stored values with the email read-only', async () => {
    renderWithProviders(<PersonalInfoTab />, { path: '/profile' });
    expect(await screen.findByLabelText('اسم المستخدم')).toHaveValue('سارة');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('رقم الجوال')).toHaveValue('966551234567');
    expect(screen.getByLabelText('لغة الرسائل والواجهة')).toHaveValue('ar');
  });

  it('validates, then saves the changes and the advisor profile with one PATCH', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PersonalInfoTab />, { path: '/profile' });
    const username = await screen.findByLabelText('اسم المستخدم');
    await user.clear(username);
    await user.type(username, 'س');
    await user.clear(screen.getByLabelText('رقم الجوال'));
    await user.click(screen.getByRole('checkbox', { name: /أنا مستشار/ }));
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('اسم المستخدم يجب ألا يقل عن 3 أحرف')).toBeInTheDocument();
    expect(screen.getByText('اختر نوع نشاط واحدًا على الأقل')).toBeInTheDocument();
    expect(patchCalls()).toHaveLength(0);

    await user.type(username, 'ارة علي');
    await user.type(screen.getByLabelText('نبذة عنك'), 'مستشارة في تقييم المتاجر');
    await user.type(screen.getByLabelText('سنوات الخبرة'), '6');
    const group = screen.getByRole('group', { name: 'أنواع الأنشطة التي تخدمها' });
    await user.click(await within(group).findByRole('checkbox', { name: 'التقنية' }));
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    await waitFor(() => expect(patchCalls()).toHaveLength(1));
    expect(JSON.parse(String(patchCalls()[0]![1]!.body))).toEqual({
      username: 'سارة علي',
      phoneNumber: null,
      language: 'ar',
      isAdvisor: true,
      bio: 'مستشارة في تقييم المتاجر',
      experienceYears: 6,
      businessTypeIds: [7],
    });
    await waitFor(() => expect(screen.getByLabelText('اسم المستخدم')).toHaveValue('سارة علي'));
  });

  it('puts the server field messages on the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).includes('lookups')) return jsonResponse({ data: TYPES });
      if (init?.method === 'PATCH') {
        return jsonResponse(
          { code: 'VALIDATION_FAILED', message: 'بعض الحقول غير صالحة', fields: { username: 'اسم محجوز' } },
          { status: 400 },
        );
      }
      return jsonResponse(ME);
    });
    renderWithProviders(<PersonalInfoTab />, { path: '/profile' });
    await user.type(await screen.findByLabelText('اسم المستخدم'), '!');
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('اسم محجوز')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('بعض الحقول غير صالحة');
  });

  it('switches the page to the language the account now has, and says it saved in that language', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).includes('lookups')) return jsonResponse({ data: TYPES });
      if (init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        return jsonResponse({ ...ME, language: body.language });
      }
      return jsonResponse(ME);
    });
    renderWithProviders(
      <>
        <PersonalInfoTab />
        <Toaster />
      </>,
      { path: '/profile' },
    );
    await user.selectOptions(await screen.findByLabelText('لغة الرسائل والواجهة'), 'en');
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await findToast('Changes saved')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByText('تم حفظ التغييرات')).toBeNull();
  });
});
