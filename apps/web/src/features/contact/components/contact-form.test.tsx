import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { ContactForm } from './contact-form';

let fetchMock: Mock<typeof fetch>;
const contactCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/contact');

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t.s';
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ message: 'ok' }, { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function setup() {
  const user = userEvent.setup();
  renderWithProviders(<ContactForm />, { path: '/contact' });
  return {
    user,
    name: screen.getByLabelText('الاسم'),
    email: screen.getByLabelText('البريد الإلكتروني'),
    message: screen.getByLabelText('رسالتك'),
    submit: screen.getByRole('button', { name: 'إرسال الرسالة' }),
  };
}

async function fill(user: ReturnType<typeof userEvent.setup>, fields: ReturnType<typeof setup>) {
  await user.type(fields.name, '  سارة العتيبي ');
  await user.type(fields.email, 'Sara@Example.com');
  await user.type(fields.message, 'أرغب في معرفة رسوم التوثيق');
}

describe('contact form', () => {
  it('has name, an email input and a 5-row message', () => {
    const { email, message } = setup();
    expect(email).toHaveAttribute('type', 'email');
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveAttribute('rows', '5');
  });

  it('validates on the client in Arabic and sends nothing', async () => {
    const fields = setup();
    await fields.user.click(fields.submit);
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(3);
    expect(fields.name).toHaveAttribute('aria-invalid', 'true');
    expect(fields.name).toHaveAccessibleDescription('هذا الحقل مطلوب');
    await fields.user.type(fields.email, 'not-an-email');
    await fields.user.click(fields.submit);
    expect(await screen.findByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
    expect(contactCalls()).toHaveLength(0);
  });

  it('validates in English when the page is English, and re-words errors on a language switch', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />, { path: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    await setLanguage('ar');
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(3);
  });

  it('shows the processing state, then a success banner with the fields cleared', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const fields = setup();
    await fill(fields.user, fields);
    await fields.user.click(fields.submit);
    const busy = await screen.findByRole('button', { name: 'جارٍ الإرسال…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await fields.user.click(busy);
    expect(contactCalls()).toHaveLength(1);
    answer(jsonResponse({ message: 'ok' }, { status: 201 }));
    expect(await screen.findByRole('status')).toHaveTextContent('وصلتنا رسالتك');
    expect(JSON.parse(String(contactCalls()[0]![1]!.body))).toEqual({
      name: 'سارة العتيبي',
      email: 'sara@example.com',
      message: 'أرغب في معرفة رسوم التوثيق',
    });
    expect(fields.name).toHaveValue('');
    expect(fields.email).toHaveValue('');
    expect(fields.message).toHaveValue('');
    expect(screen.getByRole('button', { name: 'إرسال الرسالة' })).toBeEnabled();
  });

  it("shows the server's message and its field errors", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'بعض الحقول غير صالحة',
          fields: { email: 'النطاق لا يستقبل البريد' },
        },
        { status: 400 },
      ),
    );
    const fields = setup();
    await fill(fields.user, fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('بعض الحقول غير صالحة');
    expect(screen.getByText('النطاق لا يستقبل البريد')).toBeInTheDocument();
    expect(fields.name).toHaveValue('  سارة العتيبي ');
  });

  it('says to try again in a moment on 503 and 507 and keeps every field, with our body or behind a proxy', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        { code: 'SERVICE_UNAVAILABLE', message: 'الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات' },
        { status: 503, headers: { 'retry-after': '5' } },
      ),
    );
    const fields = setup();
    await fill(fields.user, fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('حاول مرة أخرى بعد لحظات');
    expect(fields.name).toHaveValue('  سارة العتيبي ');
    expect(fields.email).toHaveValue('Sara@Example.com');
    expect(fields.message).toHaveValue('أرغب في معرفة رسوم التوثيق');

    fetchMock.mockImplementation(async () => new Response('<html>507</html>', { status: 507 }));
    await fields.user.click(fields.submit);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('الخدمة غير متاحة مؤقتًا، حاول مرة أخرى بعد لحظات.'),
    );
    expect(fields.message).toHaveValue('أرغب في معرفة رسوم التوثيق');
    expect(contactCalls()).toHaveLength(2);
  });

  it('falls back to the default text without a server message, in each language', async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    const fields = setup();
    await fill(fields.user, fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذّر إرسال الرسالة. يرجى المحاولة مرة أخرى.');

    await setLanguage('en');
    fetchMock.mockImplementation(async () => Promise.reject(new TypeError('offline')));
    await fields.user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to send message. Please try again.'),
    );
  });

  it('returns to idle at each submit: the previous banner goes while sending', async () => {
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ code: 'INTERNAL', message: 'خطأ في الخادم' }, { status: 500 }),
    );
    const fields = setup();
    await fill(fields.user, fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('خطأ في الخادم');

    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await fields.user.click(fields.submit);
    await screen.findByRole('button', { name: 'جارٍ الإرسال…' });
    expect(screen.queryByRole('alert')).toBeNull();
    answer(jsonResponse({ message: 'ok' }, { status: 201 }));
    expect(await screen.findByText('تم الإرسال')).toBeInTheDocument();
  });
});
