import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { setTokens } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { whatsappLink, whatsappMessage, whatsappPhone } from '../components/detail/whatsapp';
import { Component as OpportunityPage } from './opportunity-page';

const base = {
  id: 9,
  opportunityName: 'Corner café',
  opportunityNameAr: 'مقهى الحي',
  name: 'Corner café',
  nameAr: 'مقهى الحي',
  type: 'invest',
  description: 'A café near the park',
  descriptionAr: 'مقهى قرب الحديقة العامة',
  offeredPercentage: 40,
  requiredAmount: 300000,
  logo: null,
  coverImage: null,
  images: ['/uploads/a.webp', '/uploads/b.webp'],
  gallery: [
    {
      url: '/uploads/a.webp',
      thumbnailUrl: '/uploads/a-thumb.webp',
      width: 800,
      height: 450,
      variants: [{ url: '/uploads/a-thumb.webp', width: 480 }],
    },
    { url: '/uploads/b.webp', thumbnailUrl: '/uploads/b-thumb.webp', width: 800, height: 450, variants: [] },
  ],
  businessType: { id: 8, nameAR: 'أغذية ومشروبات', nameEN: 'Food & Beverage' },
  region: { id: 1, nameAR: 'منطقة الرياض', nameEN: 'Riyadh Region' },
  city: { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' },
  isVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  negotiable: true,
  waitForHighestOffer: false,
  facilitySize: 6,
  facilityFoundationDay: '2020-02-02',
  employeesCount: null,
  branchesCount: 1,
  companyAge: null,
  companySize: null,
  status: 'approved',
  isFavorite: false,
  isOwner: false,
  favoritesCount: 0,
};
const anonymousView = { ...base, financialsLocked: true };
const memberView = {
  ...base,
  financialsLocked: false,
  ebitda: 120000,
  yearlySales: 900000,
  yearlyOperationalCost: 780000,
  expectedYearProfitPercentage: 12.5,
  documents: [
    {
      name: 'accounts.pdf',
      url: '/api/files/docs/x.pdf?expires=1&signature=s',
      size: 2048,
      mimeType: 'application/pdf',
      expiresAt: '2030-01-01T00:00:00Z',
    },
  ],
  contactMemberName: 'سارة',
  contactPhone: '966551234567',
  contactEmail: 'owner@example.com',
  extraDetails: null,
};

function renderPage() {
  return renderWithProviders(
    <>
      <OpportunityPage />
      <Toaster />
    </>,
    {
      path: '/opportunities/:id',
      initialEntry: '/opportunities/9',
      routes: [{ path: '/login', element: <p>login page</p> }],
    },
  );
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('/opportunities/{id}', () => {
  it('shows a signed-out visitor the lock instead of financials, documents and contacts', async () => {
    mockApi((url) => (url.pathname === '/api/opportunities/9' ? jsonResponse(anonymousView) : undefined));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'مقهى الحي' })).toBeInTheDocument();
    const financials = screen.getByRole('region', { name: 'البيانات المالية' });
    expect(within(financials).getByText(/متاحة للأعضاء المسجّلين فقط/)).toBeInTheDocument();
    expect(within(financials).getByRole('link', { name: 'سجّل الدخول للمتابعة' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fopportunities%2F9',
    );
    expect(screen.queryByText('accounts.pdf')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'حفظ في المفضلة' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('shows a member the financials, the signed document link and the contact', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) => (url.pathname === '/api/opportunities/9' ? jsonResponse(memberView) : undefined));
    renderPage();
    const financials = await screen.findByRole('region', { name: 'البيانات المالية' });
    expect(within(financials).getByText('المبيعات السنوية (ريال)').nextSibling?.textContent).toMatch(
      /900,000/,
    );
    expect(within(financials).getByText('12.5٪')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تنزيل accounts.pdf' })).toHaveAttribute(
      'href',
      memberView.documents[0]!.url,
    );
    expect(screen.getByRole('link', { name: '+966551234567' })).toHaveAttribute('href', 'tel:+966551234567');
  });

  it('moves through the gallery with the arrow keys in the reading direction', async () => {
    mockApi((url) => (url.pathname === '/api/opportunities/9' ? jsonResponse(anonymousView) : undefined));
    renderPage();
    const stage = await screen.findByTestId('gallery-stage');
    expect(stage).toHaveAccessibleName('1 من 2');
    // A picture with smaller renditions lets the browser pick the width it shows.
    expect(within(stage).getByRole('img')).toHaveAttribute(
      'srcset',
      '/uploads/a-thumb.webp 480w, /uploads/a.webp 800w',
    );
    stage.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(stage).toHaveAccessibleName('2 من 2');
    await userEvent.keyboard('{ArrowRight}');
    expect(stage).toHaveAccessibleName('1 من 2');
    await userEvent.keyboard('{End}');
    expect(within(stage).getByRole('img')).toHaveAttribute('src', '/uploads/b.webp');
    expect(within(stage).getByRole('img')).not.toHaveAttribute('srcset');
  });

  it('opens WhatsApp with the phone and the bilingual message, and explains an invalid phone', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) =>
      url.pathname === '/api/opportunities/9'
        ? jsonResponse({ ...memberView, contactPhone: '12345' })
        : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'تواصل عبر واتساب' }));
    const dialog = await screen.findByRole('dialog', { name: 'التواصل عبر واتساب' });
    expect(within(dialog).getByText('رقم الجوال المسجّل لهذه الفرصة غير صالح.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'فتح واتساب' })).toBeNull();
  });

  it('loads the WhatsApp dialog on demand and gives focus back to its button when closed', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) =>
      url.pathname === '/api/opportunities/9'
        ? jsonResponse({ ...memberView, contactPhone: '0551234567' })
        : undefined,
    );
    renderPage();
    const button = await screen.findByRole('button', { name: 'تواصل عبر واتساب' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'التواصل عبر واتساب' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(dialog).getByRole('link', { name: 'فتح واتساب' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/966551234567\?text=/),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('tells the user when the link cannot be copied', async () => {
    mockApi((url) => (url.pathname === '/api/opportunities/9' ? jsonResponse(anonymousView) : undefined));
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'نسخ الرابط' }));
    expect(await screen.findByText('تعذّر نسخ الرابط. انسخه من شريط العنوان.')).toBeInTheDocument();
  });

  it('shows the owner the status, the rejection reason and the edit link', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) =>
      url.pathname === '/api/opportunities/9'
        ? jsonResponse({
            ...memberView,
            isOwner: true,
            status: 'rejected',
            rejectionReason: 'الصور غير واضحة بما يكفي',
          })
        : undefined,
    );
    renderPage();
    const panel = await screen.findByRole('region', { name: 'فرصتك' });
    expect(within(panel).getByText('مرفوضة')).toBeInTheDocument();
    expect(within(panel).getByText('الصور غير واضحة بما يكفي')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'تعديل الفرصة' })).toHaveAttribute(
      'href',
      '/opportunities/9/edit',
    );
  });

  it('offers the owner of a listing neither to bookmark it nor to WhatsApp their own phone', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) =>
      url.pathname === '/api/opportunities/9' ? jsonResponse({ ...memberView, isOwner: true }) : undefined,
    );
    renderPage();
    await screen.findByRole('region', { name: 'فرصتك' });
    expect(screen.getByRole('link', { name: '+966551234567' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حفظ في المفضلة' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'تواصل عبر واتساب' })).toBeNull();
  });

  it('offers a member who does not own the listing to bookmark it and to WhatsApp its owner', async () => {
    setTokens({ accessToken: fakeJwt({ sub: '4', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
    mockApi((url) => (url.pathname === '/api/opportunities/9' ? jsonResponse(memberView) : undefined));
    renderPage();
    expect(await screen.findByRole('button', { name: 'حفظ في المفضلة' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'تواصل عبر واتساب' })).toBeInTheDocument();
  });

  it('says so when the listing does not exist or is not public', async () => {
    mockApi();
    renderPage();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'الفرصة غير موجودة' })).toBeInTheDocument(),
    );
  });
});

describe('WhatsApp helpers', () => {
  it('normalises the phone, or names what is wrong with it', () => {
    expect(whatsappPhone('0551234567')).toEqual({ ok: true, phone: '966551234567' });
    expect(whatsappPhone('+966 55 123 4567')).toEqual({ ok: true, phone: '966551234567' });
    expect(whatsappPhone('')).toEqual({ ok: false, error: 'missing' });
    expect(whatsappPhone(undefined)).toEqual({ ok: false, error: 'missing' });
    expect(whatsappPhone('447700900123')).toEqual({ ok: false, error: 'invalid' });
  });

  it('builds a wa.me link with the Arabic and English message encoded', () => {
    const message = whatsappMessage(
      { name: 'Corner café', nameAr: 'مقهى الحي' },
      'https://safqa.example/opportunities/9',
    );
    expect(message.split('\n')).toHaveLength(3);
    expect(message).toContain('«مقهى الحي»');
    expect(message).toContain('"Corner café"');
    const link = new URL(whatsappLink('966551234567', message));
    expect(link.origin + link.pathname).toBe('https://wa.me/966551234567');
    expect(link.searchParams.get('text')).toBe(message);
  });
});
