import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setTokens } from '@/lib/session';
import { calledUrls, mockApi } from '@/test/api-mock';
import { fakeJwt, inOneHour, jsonResponse, renderWithProviders } from '@/test/utils';
import { InsightsPanel } from './insights-panel';

/** jsdom lays nothing out: the chart's container reports a size, as in a browser. */
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const contentRect = { width: 600, height: 256, top: 0, left: 0, right: 600, bottom: 256, x: 0, y: 0 };
    this.callback(
      [{ target, contentRect } as unknown as ResizeObserverEntry],
      this as unknown as ResizeObserver,
    );
  }
  unobserve() {}
  disconnect() {}
}

const days = (n: number, views: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.UTC(2026, 10, 25 - (n - 1) + i)).toISOString().slice(0, 10),
    views: i === n - 1 ? views : 0,
    bookmarks: 0,
    offers: i === n - 1 ? 1 : 0,
    chats: 0,
  }));
const insights = (n: number, views: number) => ({
  totals: { views, uniqueViewers: views, bookmarks: 0, offers: 1, chats: 0, accessRequests: 2, deals: 1 },
  byDay: days(n, views),
});

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
  setTokens({ accessToken: fakeJwt({ sub: '3', role: 'owner', exp: inOneHour() }), refreshToken: 'r' });
});
afterEach(() => vi.unstubAllGlobals());

describe('InsightsPanel', () => {
  it('shows the totals, a hidden chart without tab stops and the same figures as a table; switches the period', async () => {
    const fetchMock = mockApi((url) => {
      if (url.pathname !== '/api/opportunities/5/insights') return undefined;
      const n = Number(url.searchParams.get('days'));
      return jsonResponse(insights(n, n === 7 ? 3 : 12));
    });
    const { container } = renderWithProviders(<InsightsPanel id={5} name="مقهى الحي" />);
    const panel = await screen.findByRole('region', { name: 'إحصاءات مقهى الحي' });
    await waitFor(() => expect(within(panel).getByTestId('insight-views')).toHaveTextContent('12'));
    expect(within(panel).getByTestId('insight-accessRequests')).toHaveTextContent(
      'طلبات الاطلاع على المستندات2',
    );
    const table = within(panel).getByRole('table', { name: /النشاط اليومي · آخر 30 يومًا/ });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    await waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull());
    const drawing = container
      .querySelector('[aria-hidden="true"] .recharts-wrapper')!
      .closest('[aria-hidden="true"]')!;
    expect(drawing.querySelectorAll('[tabindex]:not([tabindex="-1"]), a[href], button, input')).toHaveLength(
      0,
    );

    await userEvent.click(within(panel).getByRole('radio', { name: '7 أيام' }));
    await waitFor(() => expect(within(panel).getByTestId('insight-views')).toHaveTextContent('3'));
    expect(
      calledUrls(fetchMock, '/api/opportunities/5/insights').map((u) => u.searchParams.get('days')),
    ).toEqual(['30', '7']);
  });

  it('says when there is no activity yet, and offers a retry when loading fails', async () => {
    let fail = true;
    mockApi((url) => {
      if (url.pathname !== '/api/opportunities/5/insights') return undefined;
      if (fail) return jsonResponse({ code: 'INTERNAL', message: 'تعذّر' }, { status: 500 });
      return jsonResponse({
        totals: {
          views: 0,
          uniqueViewers: 0,
          bookmarks: 0,
          offers: 0,
          chats: 0,
          accessRequests: 0,
          deals: 0,
        },
        byDay: days(30, 0).map((d) => ({ ...d, offers: 0 })),
      });
    });
    renderWithProviders(<InsightsPanel id={5} name="مقهى الحي" />);
    expect(await screen.findByText('تعذّر تحميل الإحصاءات')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /إعادة المحاولة|حاول/ }));
    expect(await screen.findByText('لا نشاط على هذه الفرصة في هذه الفترة بعد.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
