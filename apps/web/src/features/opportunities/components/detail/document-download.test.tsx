import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { setTokens } from '@/lib/session';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import { Documents } from './detail-sections';

const SECRET = {
  name: 'Payroll.pdf',
  url: '/files/docs/2026/p.pdf?scope=4.9&sig=old',
  size: 2048,
  mimeType: 'application/pdf',
  expiresAt: '2030-01-01T00:00:00Z',
  confidential: true,
};
const PUBLIC = {
  ...SECRET,
  name: 'Brochure.pdf',
  url: '/files/docs/2026/b.pdf?sig=old',
  confidential: false,
};

const listing = (over: Partial<OpportunityDetail>) =>
  ({
    id: 4,
    status: 'approved',
    isOwner: false,
    financialsLocked: false,
    access: 'approved',
    confidentialDocumentsCount: 1,
    documents: [PUBLIC, SECRET],
    ...over,
  }) as OpportunityDetail;

function mockDetail(fresh: Partial<OpportunityDetail>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return jsonResponse(listing(fresh));
    }),
  );
  return calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await setLanguage('ar');
});

function signIn() {
  setTokens({ accessToken: fakeJwt({ sub: '9', role: 'user', exp: inOneHour() }), refreshToken: 'r' });
}

describe('downloading a confidential document after the owner revoked access', () => {
  it('says that access was revoked instead of a silently cancelled download (Arabic)', async () => {
    signIn();
    const calls = mockDetail({ access: 'revoked', documents: [PUBLIC] });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<Documents o={listing({})} />);
    await userEvent.click(screen.getByRole('link', { name: /Payroll\.pdf/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('أُلغي وصولك');
    expect(alert).toHaveTextContent('ألغى المالك وصولك إلى المستندات السرية');
    expect(calls).toEqual(['/api/opportunities/4']);
    expect(click).not.toHaveBeenCalled();
  });

  it('in English too, and a removed document is "no longer available"', async () => {
    signIn();
    await setLanguage('en');
    mockDetail({ access: 'approved', documents: [PUBLIC] });
    renderWithProviders(<Documents o={listing({})} />);
    await userEvent.click(screen.getByRole('link', { name: /Payroll\.pdf/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This document is no longer available');
  });

  it('still allowed: downloads through the fresh link, with no message', async () => {
    signIn();
    await setLanguage('en');
    mockDetail({ documents: [PUBLIC, { ...SECRET, url: '/files/docs/2026/p.pdf?scope=4.9&sig=new' }] });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    renderWithProviders(<Documents o={listing({})} />);
    await userEvent.click(screen.getByRole('link', { name: /Payroll\.pdf/ }));
    await waitFor(() => expect(clicked).toContain('/files/docs/2026/p.pdf?scope=4.9&sig=new'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a public document is a plain link: nothing is asked first', async () => {
    signIn();
    const calls = mockDetail({});
    renderWithProviders(<Documents o={listing({})} />);
    const link = screen.getByRole('link', { name: /Brochure\.pdf/ });
    expect(link).toHaveAttribute('href', PUBLIC.url);
    expect(link).toHaveAttribute('download', 'Brochure.pdf');
    expect(calls).toEqual([]);
  });
});
