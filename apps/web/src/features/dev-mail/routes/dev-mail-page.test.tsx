import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevMailMessage } from '@safqa/shared/validation/dev-mail';
import { formatDateTime } from '@/lib/format';
import { jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Component as DevMailPage } from './dev-mail-page';

const newest: DevMailMessage = {
  id: 12,
  to: 'sara@example.com',
  subject: 'تأكيد البريد الإلكتروني',
  text: 'مرحبًا سارة\n\nاضغط الرابط لتأكيد بريدك.',
  html: '<!DOCTYPE html><html lang="ar" dir="rtl"><body><h1>مرحبًا سارة</h1><script>parent.hacked = true</script></body></html>',
  headers: {},
  createdAt: '2026-03-05T10:15:00.000Z',
};
const older: DevMailMessage = {
  id: 7,
  to: 'owner@example.com',
  subject: 'New offer on your opportunity',
  text: 'You received an offer.',
  html: '<p>You received an offer.</p>',
  headers: {},
  createdAt: '2026-03-04T08:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function requestedUrl(call = 0) {
  return new URL(String(fetchMock.mock.calls[call]?.[0]), 'http://localhost');
}

describe('/dev/mail', () => {
  it('lists messages newest first and shows the newest in a sandboxed frame with its text', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ messages: [newest, older] }));
    renderWithProviders(<DevMailPage />, { path: '/dev/mail' });

    expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل الرسائل…');
    const list = await screen.findByRole('list', { name: 'الرسائل، الأحدث أولًا' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      `تأكيد البريد الإلكترونيsara@example.com${formatDateTime(newest.createdAt, 'ar')}`,
      `New offer on your opportunityowner@example.com${formatDateTime(older.createdAt, 'ar')}`,
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('رسالتان')).toBeInTheDocument();
    expect(requestedUrl().pathname).toBe('/api/dev/mail');
    expect(requestedUrl().search).toBe('');

    const frame = screen.getByTitle('محتوى الرسالة: تأكيد البريد الإلكتروني');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', newest.html);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('تأكيد البريد الإلكتروني');
    expect(screen.getByText(/اضغط الرابط لتأكيد بريدك/)).toBeInTheDocument();
  });

  it('opens another message when it is chosen', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ messages: [newest, older] }));
    const { router } = renderWithProviders(<DevMailPage />, { path: '/dev/mail' });
    const item = await screen.findByRole('button', { name: /New offer on your opportunity/ });
    await userEvent.click(item);
    expect(item).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('New offer on your opportunity');
    expect(screen.getByTitle('محتوى الرسالة: New offer on your opportunity')).toHaveAttribute(
      'srcdoc',
      older.html,
    );
    expect(router.state.location.search).toBe('?id=7');
  });

  it('filters by recipient through the server and says when nothing was sent to them', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ messages: [newest, older] }));
    fetchMock.mockResolvedValueOnce(jsonResponse({ messages: [] }));
    const { router } = renderWithProviders(<DevMailPage />, { path: '/dev/mail' });
    await screen.findByRole('list');

    await userEvent.type(screen.getByLabelText('المستلم'), ' nobody@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'تصفية' }));
    expect(await screen.findByText('لا توجد رسائل إلى nobody@example.com.')).toBeInTheDocument();
    expect(requestedUrl(1).searchParams.get('to')).toBe('nobody@example.com');
    expect(router.state.location.search).toBe('?to=nobody%40example.com');

    fetchMock.mockResolvedValueOnce(jsonResponse({ messages: [newest, older] }));
    await userEvent.click(screen.getByRole('button', { name: 'عرض الكل' }));
    expect(await screen.findByRole('list')).toBeInTheDocument();
    expect(screen.getByLabelText('المستلم')).toHaveValue('');
  });

  it('says so when no email has been caught yet', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ messages: [] }));
    renderWithProviders(<DevMailPage />, { path: '/dev/mail' });
    expect(await screen.findByText('لم تصل أي رسالة بعد.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('follows the UI language, dates included', async () => {
    await setLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse({ messages: [older] }));
    renderWithProviders(<DevMailPage />, { path: '/dev/mail' });
    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    expect(within(list).getByRole('button')).toHaveTextContent(formatDateTime(older.createdAt, 'en'));
    expect(formatDateTime(older.createdAt, 'en')).toMatch(/2026/);
    expect(screen.getByText('One message')).toBeInTheDocument();
    expect(screen.getByText('Plain text version')).toBeInTheDocument();
  });

  it('explains a 404 (catcher off or production) and retries other failures on demand', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ code: 'NOT_FOUND', message: 'غير موجود' }, { status: 404 }),
    );
    const first = renderWithProviders(<DevMailPage />, { path: '/dev/mail' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'صندوق بريد التطوير غير متاح: الخادم يرسل البريد فعليًا أو يعمل في بيئة الإنتاج.',
    );
    first.unmount();

    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'INTERNAL', message: 'x' }, { status: 500 }));
    renderWithProviders(<DevMailPage />, { path: '/dev/mail' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل الرسائل');
    expect(alert).toHaveTextContent('تحقّق من تشغيل الخادم ثم حاول مجددًا.');
    fetchMock.mockResolvedValueOnce(jsonResponse({ messages: [older] }));
    await userEvent.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(
      'New offer on your opportunity',
    );
  });
});
