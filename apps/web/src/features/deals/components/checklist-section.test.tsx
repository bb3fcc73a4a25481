import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChecklistItem, Deal } from '@safqa/shared/validation/deals';
import { clearTokens, setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { ChecklistSection } from './checklist-section';
import { testDeal } from './test-deal';

const item = (id: number, status: ChecklistItem['status']): ChecklistItem => ({
  id,
  title: `Item ${id}`,
  side: 'seller',
  status,
  dueDate: null,
  note: null,
  documents: [],
});
const dealAt = (stage: Deal['stage'], checklist: ChecklistItem[]): Deal =>
  testDeal({ stage, you: 'buyer', checklist });

afterEach(async () => {
  vi.unstubAllGlobals();
  clearTokens();
  await setLanguage('ar');
});

const signIn = () =>
  setTokens({ accessToken: fakeJwt({ sub: '9', role: 'user', exp: inOneHour() }), refreshToken: 'r' });

describe('Due-diligence checklist', () => {
  it('offers neither a new item nor a reopen while the deal is closing, nor a new item when full', async () => {
    await setLanguage('en');
    const { unmount } = renderWithProviders(<ChecklistSection deal={dealAt('closing', [item(1, 'done')])} />);
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen: Item 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attach documents: Item 1' })).toBeInTheDocument();
    unmount();
    const full = Array.from({ length: 100 }, (_, i) => item(i + 1, 'done'));
    const view = renderWithProviders(<ChecklistSection deal={dealAt('due_diligence', full)} />);
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen: Item 1' })).toBeInTheDocument();
    view.unmount();
    renderWithProviders(<ChecklistSection deal={dealAt('due_diligence', [item(1, 'done')])} />);
    expect(screen.getByRole('button', { name: 'Add item' })).toBeInTheDocument();
  });

  it.each([
    ['ar', 'إعادة فتح: Item 1', 'الصفقة في مرحلة الإغلاق: لا يمكن إضافة بنود ولا إعادة فتحها'],
    ['en', 'Reopen: Item 1', 'The deal is closing: items can no longer be added or reopened'],
  ] as const)('shows the server’s refusal of a status change (%s)', async (lng, reopen, refusal) => {
    signIn();
    await setLanguage(lng);
    mockApi((url, init) =>
      url.pathname === '/api/deals/7/checklist/1' && init?.method === 'PATCH'
        ? jsonResponse({ code: 'CHECKLIST_LOCKED', message: refusal }, { status: 409 })
        : undefined,
    );
    renderWithProviders(<ChecklistSection deal={dealAt('due_diligence', [item(1, 'done')])} />);
    fireEvent.click(screen.getByRole('button', { name: reopen }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('shows why a document was refused, not only that some field was', async () => {
    signIn();
    await setLanguage('en');
    const text = 'The file does not exist or was not uploaded by you';
    const fetchMock = mockApi((url) => {
      if (url.pathname === '/api/uploads/docs')
        return jsonResponse({ files: [{ id: 55, name: 'lease.pdf' }] }, { status: 201 });
      if (url.pathname === '/api/deals/7/checklist/1')
        return jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are invalid',
            fields: { 'documentIds.0': text },
          },
          { status: 400 },
        );
      return undefined;
    });
    renderWithProviders(<ChecklistSection deal={dealAt('due_diligence', [item(1, 'open')])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Attach documents: Item 1' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File(['%PDF-1.4'], 'lease.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('Attach documents'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/deals/7/checklist/1'))).toBe(
        true,
      ),
    );
  });
});
