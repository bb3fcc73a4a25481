import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { setTokens } from '@/lib/session';
import { fakeJwt, findToast, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { OwnerDataRoom } from './owner-data-room';

type Call = { url: string; method: string; body: unknown };
type Answer = (call: Call) => Response | undefined;

const emptyPage = { data: [], pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 } };

/** Records every call; `answer` may answer a write, every read is an empty page. */
function mockApi(answer: Answer) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const raw = init?.body;
      const body = raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined;
      const call = { url, method, body };
      calls.push(call);
      return answer(call) ?? jsonResponse(url.startsWith('/api/health') ? { status: 'ok' } : emptyPage);
    }),
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ar');
});

function signIn() {
  setTokens({ accessToken: fakeJwt({ sub: '5', role: 'user', exp: inOneHour() }), refreshToken: 'r' });
}

const DOCS = [{ id: 41, name: 'رواتب 2025.pdf', url: '/files/docs/2026/a.pdf?sig=1' }];

describe('the owner’s confidential documents on the data room card', () => {
  it('says there are none yet, and adds one: upload, then POST with its link and name', async () => {
    signIn();
    const calls = mockApi(({ url, method }) => {
      if (url === '/api/uploads/docs' && method === 'POST')
        return jsonResponse(
          { files: [{ url: '/files/docs/2026/new.pdf?sig=2', name: 'lease.pdf' }] },
          { status: 201 },
        );
      if (url === '/api/opportunities/4/confidential-documents' && method === 'POST')
        return jsonResponse(
          {
            document: {
              id: 42,
              name: 'عقد الإيجار',
              url: 'x',
              size: 1,
              mimeType: 'application/pdf',
              expiresAt: 'x',
              confidential: true,
            },
          },
          { status: 201 },
        );
      return undefined;
    });
    renderWithProviders(<OwnerDataRoom opportunityId={4} confidentialCount={0} documents={[]} />);
    render(<Toaster />);
    expect(await screen.findByText('لا توجد مستندات سرية بعد.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'إضافة المستند' }));
    expect(screen.getByText('اختر ملفًا')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.upload(
      screen.getByLabelText('الملف'),
      new File(['%PDF-1.4'], 'lease.pdf', { type: 'application/pdf' }),
    );
    const name = screen.getByLabelText('الاسم الذي يراه المستثمرون الموافق عليهم');
    expect(name).toHaveValue('lease.pdf');
    await userEvent.clear(name);
    await userEvent.type(name, 'عقد الإيجار');
    await userEvent.click(screen.getByRole('button', { name: 'إضافة المستند' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/opportunities/4/confidential-documents')?.body).toEqual({
        url: '/files/docs/2026/new.pdf?sig=2',
        name: 'عقد الإيجار',
      }),
    );
    expect(calls.findIndex((c) => c.url === '/api/uploads/docs')).toBeLessThan(
      calls.findIndex((c) => c.url === '/api/opportunities/4/confidential-documents'),
    );
    expect(await findToast('أُضيف المستند، وتبقى فرصتك منشورة')).toHaveAttribute('role', 'status');
  });

  it('shows the server’s reason when the document is refused', async () => {
    signIn();
    mockApi(({ url, method }) => {
      if (url === '/api/uploads/docs' && method === 'POST')
        return jsonResponse({ files: [{ url: '/files/docs/2026/new.pdf?sig=2' }] }, { status: 201 });
      if (url.endsWith('/confidential-documents') && method === 'POST')
        return jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'x',
            fields: { documents: 'بلغت الفرصة الحد الأقصى من المستندات (5)؛ احذف مستندًا أولًا' },
          },
          { status: 400 },
        );
      return undefined;
    });
    renderWithProviders(<OwnerDataRoom opportunityId={4} confidentialCount={1} documents={DOCS} />);
    await userEvent.upload(
      await screen.findByLabelText('الملف'),
      new File(['%PDF-1.4'], 'six.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'إضافة المستند' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('تعذّرت إضافة المستند');
    expect(alert).toHaveTextContent('بلغت الفرصة الحد الأقصى من المستندات (5)؛ احذف مستندًا أولًا');
  });

  it('lists them and removes one by its id, in English too', async () => {
    signIn();
    await setLanguage('en');
    const calls = mockApi(({ method }) =>
      method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    renderWithProviders(<OwnerDataRoom opportunityId={4} confidentialCount={1} documents={DOCS} />);
    render(<Toaster />);
    const list = await screen.findByRole('list', { name: 'Confidential documents' });
    // The name is split in two for its direction (file-name.tsx): found whole by the text of its <bdi>.
    expect(
      within(list).getByText(
        (_, element) => element?.tagName === 'BDI' && element.textContent === 'رواتب 2025.pdf',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove رواتب 2025.pdf' }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'DELETE' && c.url === '/api/opportunities/4/confidential-documents/41',
        ),
      ).toBe(true),
    );
    expect(await findToast('The document was removed')).toHaveAttribute('role', 'status');
  });
});
