import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { OpportunityCard } from '@safqa/shared/validation/opportunities';
import { jsonResponse, renderWithProviders } from '@/test/utils';
import { MIN_STRIP_CARDS, stripItems } from './strip-items';
import { TrendingStrip } from './trending-strip';

function card(id: number): OpportunityCard {
  return {
    id,
    opportunityName: `Listing ${id}`,
    opportunityNameAr: `فرصة ${id}`,
    type: 'invest',
    offeredPercentage: 25,
    requiredAmount: 500000,
    logo: null,
    coverImage: null,
    businessType: { id: 8, nameAR: 'أغذية', nameEN: 'Food' },
    region: { id: 1, nameAR: 'منطقة الرياض', nameEN: 'Riyadh Region' },
    city: { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' },
    isVerified: id % 2 === 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    dealState: null,
  };
}

describe('stripItems', () => {
  it('pads three cards to eight by repeating them in order, then doubles the run for the loop', () => {
    const items = stripItems([1, 2, 3]);
    expect(items).toHaveLength(16);
    expect(items.map((i) => i.card)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 1, 2, 3, 1, 2, 3, 1, 2]);
    expect(items.filter((i) => !i.copy).map((i) => i.card)).toEqual([1, 2, 3]);
  });

  it('does not pad a list that already has eight or more, but still doubles it', () => {
    const cards = Array.from({ length: 12 }, (_, i) => i);
    const items = stripItems(cards);
    expect(items).toHaveLength(24);
    expect(items.slice(12).map((i) => i.card)).toEqual(cards);
    expect(items.filter((i) => !i.copy)).toHaveLength(12);
  });

  it('shows nothing for no cards, and one card eight times twice', () => {
    expect(stripItems([])).toEqual([]);
    const one = stripItems(['a']);
    expect(one).toHaveLength(MIN_STRIP_CARDS * 2);
    expect(new Set(one.map((i) => i.key)).size).toBe(16);
  });
});

describe('TrendingStrip', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ opportunities: [card(1), card(2), card(3)] })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders the padded, doubled cards with only the originals exposed to assistive technology', async () => {
    renderWithProviders(<TrendingStrip />);
    const list = await screen.findByRole('list');
    expect(list.querySelectorAll(':scope > li')).toHaveLength(16);
    // Copies are aria-hidden, so the accessible list holds each listing once.
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/opportunities/1', '/opportunities/2', '/opportunities/3']);
    for (const link of list.querySelectorAll('li[aria-hidden] a'))
      expect(link).toHaveAttribute('tabindex', '-1');
  });

  it('stops for good after the first touch, and the button starts it again', async () => {
    renderWithProviders(<TrendingStrip />);
    const viewport = await screen.findByTestId('trending-viewport');
    expect(viewport).toHaveAttribute('data-paused', 'false');
    fireEvent.touchStart(viewport);
    expect(viewport).toHaveAttribute('data-paused', 'true');
    expect(screen.getByRole('list')).toHaveClass('marquee-paused');
    fireEvent.click(screen.getByRole('button', { name: 'تشغيل الحركة' }));
    expect(viewport).toHaveAttribute('data-paused', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'إيقاف الحركة' }));
    expect(viewport).toHaveAttribute('data-paused', 'true');
  });

  it('does not move at all when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderWithProviders(<TrendingStrip />);
    const list = await screen.findByRole('list');
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(list).not.toHaveClass('marquee-track');
    expect(screen.queryByTestId('trending-viewport')).toBeNull();
  });

  it('shows the error state with a retry when the list fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'INTERNAL', message: 'خطأ في الخادم' }, { status: 500 })),
    );
    renderWithProviders(<TrendingStrip />);
    expect(await screen.findByRole('alert')).toHaveTextContent('خطأ في الخادم');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
