import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { RegisterForm } from './register-form';

// Screens appear after lazy work and mocked calls; a busy machine needs more than the default second.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('@/components/human-check', () => import('@/test/fake-human-check'));

const TYPES = [
  { id: 4, nameAR: 'التجارة الإلكترونية', nameEN: 'E-commerce' },
  { id: 7, nameAR: 'التقنية', nameEN: 'Technology' },
];

let fetchMock: Mock<typeof fetch>;
const signupCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/signup');
const sentBody = (n = 0) => JSON.parse(String(signupCalls()[n]![1]!.body)) as Record<string, unknown>;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  fetchMock = vi.fn<typeof fetch>(async (url) => {
    if (String(url).startsWith('/api/admin/lookups/business-types')) return jsonResponse({ data: TYPES });
    return jsonResponse({ message: 'ok', userId: 5 }, { status: 201 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const user = userEvent.setup();
  const onRegistered = vi.fn();
  renderWithProviders(<RegisterForm onRegistered={onRegistered} />, { path: '/register' });
  return {
    user,
    onRegistered,
    username: screen.getByLabelText('اسم المستخدم'),
    email: screen.getByLabelText('البريد الإلكتروني'),
    phone: screen.getByLabelText('رقم الجوال (اختياري)'),
    password: screen.getByLabelText('كلمة المرور'),
    submit: screen.getByRole('button', { name: 'إنشاء الحساب' }),
    solve: () => user.click(screen.getByRole('button', { name: 'solve human check' })),
  };
}

// Typing whole forms character by character takes a while on a busy machine.
describe('register form', { timeout: 30_000 }, () => {
  it('checks the SPEC.md rules in Arabic, showing the first failing password rule, and sends nothing', async () => {
    const f = setup();
    await f.user.type(f.username, '  ab ');
    await f.user.type(f.email, 'no spaces@x.com');
    await f.user.type(f.password, 'lowercase1!');
    await f.user.type(f.phone, '12345');
    await f.solve();
    await f.user.click(f.submit);
    expect(await screen.findByText('اسم المستخدم يجب ألا يقل عن 3 أحرف')).toBeInTheDocument();
    expect(screen.getByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور يجب أن تحتوي على حرف كبير')).toBeInTheDocument();
    expect(screen.getByText('رقم الجوال يجب أن يكون سعوديًا مثل 9665XXXXXXXX')).toBeInTheDocument();
    expect(f.password).toHaveAttribute('aria-invalid', 'true');
    expect(signupCalls()).toHaveLength(0);
  });

  it('clears a field error as soon as the field is corrected', async () => {
    const f = setup();
    await f.user.click(f.submit);
    expect(await screen.findAllByText('هذا الحقل مطلوب')).not.toHaveLength(0);
    await f.user.type(f.username, 'سارة');
    await waitFor(() => expect(f.username).toHaveAttribute('aria-invalid', 'false'));
  });

  it('ticks the live checklist as the password is typed, and shows or hides the password', async () => {
    const f = setup();
    const rules = () => screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-met'));
    expect(rules().map((li) => li.getAttribute('data-met'))).toEqual([
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    await f.user.type(f.password, 'Abc1');
    expect(rules().map((li) => li.getAttribute('data-met'))).toEqual([
      'false',
      'true',
      'true',
      'true',
      'false',
    ]);
    await f.user.type(f.password, '!xyz');
    expect(rules().every((li) => li.getAttribute('data-met') === 'true')).toBe(true);
    expect(f.password).toHaveAttribute('type', 'password');
    await f.user.click(screen.getByRole('button', { name: 'إظهار كلمة المرور' }));
    expect(f.password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'إخفاء كلمة المرور' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks for the human check before calling the server', async () => {
    const f = setup();
    await f.user.type(f.username, 'سارة');
    await f.user.type(f.email, 'sara@example.com');
    await f.user.type(f.password, 'Str0ng!Pass');
    await f.user.click(f.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('يرجى إكمال التحقق البشري قبل المتابعة.');
    expect(signupCalls()).toHaveLength(0);
  });

  it('sends an owner without the empty phone, then clears the form and shows the verify card', async () => {
    const f = setup();
    await f.user.type(f.username, 'سارة');
    await f.user.type(f.email, 'Sara@Example.com');
    await f.user.type(f.password, 'Str0ng!Pass');
    await f.solve();
    await f.user.click(f.submit);
    await waitFor(() => expect(f.onRegistered).toHaveBeenCalledWith('sara@example.com'));
    expect(sentBody()).toEqual({
      username: 'سارة',
      email: 'sara@example.com',
      password: 'Str0ng!Pass',
      role: 'owner',
      recaptchaToken: 'solved-1',
    });
    expect(f.username).toHaveValue('');
    expect(screen.getByRole('button', { name: 'solve human check' })).toHaveAttribute('data-solved', 'false');
  });

  it('asks advisors for bio, years and business types, in English too, and sends them', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />, { path: '/register' });
    await user.type(screen.getByLabelText('Username'), 'Omar');
    await user.type(screen.getByLabelText('Email'), 'omar@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!Pass');
    await user.click(screen.getByRole('checkbox', { name: /I am an advisor/ }));
    await user.click(screen.getByRole('button', { name: 'solve human check' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Choose at least one business type')).toBeInTheDocument();
    await user.type(screen.getByLabelText('About you'), 'Ten years in retail valuations');
    await user.type(screen.getByLabelText('Years of experience'), '10');
    const group = screen.getByRole('group', { name: 'Business types you serve' });
    await user.click(await within(group).findByRole('checkbox', { name: 'Technology' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(signupCalls()).toHaveLength(1));
    expect(sentBody()).toMatchObject({
      isAdvisor: true,
      bio: 'Ten years in retail valuations',
      experienceYears: 10,
      businessTypeIds: [7],
    });
  });

  it('puts EMAIL_EXISTS on the email field and resets the human check', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('lookups')
        ? jsonResponse({ data: TYPES })
        : jsonResponse({ code: 'EMAIL_EXISTS', message: 'البريد الإلكتروني مسجل مسبقًا' }, { status: 409 }),
    );
    const f = setup();
    await f.user.type(f.username, 'سارة');
    await f.user.type(f.email, 'sara@example.com');
    await f.user.type(f.password, 'Str0ng!Pass');
    await f.solve();
    await f.user.click(f.submit);
    expect(
      await screen.findByText('هذا البريد الإلكتروني مسجل مسبقًا. سجّل الدخول أو استخدم بريدًا آخر.'),
    ).toBeInTheDocument();
    expect(f.email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'solve human check' })).toHaveAttribute('data-solved', 'false');
  });

  it('shows the server message of any other failure', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('lookups')
        ? jsonResponse({ data: TYPES })
        : jsonResponse({ code: 'RATE_LIMITED', message: 'طلبات كثيرة، حاول لاحقًا' }, { status: 429 }),
    );
    const f = setup();
    await f.user.type(f.username, 'سارة');
    await f.user.type(f.email, 'sara@example.com');
    await f.user.type(f.password, 'Str0ng!Pass');
    await f.solve();
    await f.user.click(f.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('طلبات كثيرة، حاول لاحقًا');
  });
});
