import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calledUrls, mockApi } from '@/test/api-mock';
import { jsonResponse, renderWithProviders } from '@/test/utils';
import { Component as SearchPage } from './search-page';

const card = (id: number) => ({
  id,
  opportunityName: `Listing ${id}`,
  opportunityNameAr: `فرصة ${id}`,
  type: 'invest',
  offeredPercentage: 30,
  requiredAmount: 750000,
  logo: null,
  coverImage: null,
  businessType: { id: 8, nameAR: 'أغذية ومشروبات', nameEN: 'Food & Beverage' },
  region: { id: 1, nameAR: 'منطقة الرياض', nameEN: 'Riyadh Region' },
  city: { id: 1, nameAR: 'الرياض', nameEN: 'Riyadh' },
  isVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function searchAnswers(total = 30) {
  return mockApi((url) => {
    if (url.pathname !== '/api/opportunities') return undefined;
    const page = Number(url.searchParams.get('page'));
    return jsonResponse({
      data: [card(page * 100 + 1), card(page * 100 + 2)],
      pagination: { page, pageSize: 12, total, totalPages: Math.ceil(total / 12) },
    });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

function renderAt(path: string) {
  return renderWithProviders(<SearchPage />, { path: '/search', initialEntry: path });
}

describe('/search', () => {
  it('asks the API for what the URL says and shows the results', async () => {
    const fetchMock = searchAnswers();
    renderAt('/search?businessTypeId=8&sort=newest&page=2');
    expect(await screen.findByRole('link', { name: 'فرصة 201' })).toHaveAttribute(
      'href',
      '/opportunities/201',
    );
    const [url] = calledUrls(fetchMock, '/api/opportunities');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      businessTypeId: '8',
      sort: 'newest',
      page: '2',
      pageSize: '12',
    });
    expect(screen.getByRole('heading', { name: '30 فرصة' })).toBeInTheDocument();
  });

  it('does not search for every sort passed with the arrow keys, only the one committed (WCAG 3.2.2)', async () => {
    searchAnswers();
    const { router } = renderAt('/search?businessTypeId=8&sort=newest&page=2');
    await screen.findByRole('link', { name: 'فرصة 201' });
    const sort = screen.getByRole('combobox', { name: 'الترتيب' });
    fireEvent.keyDown(sort, { key: 'ArrowDown' });
    fireEvent.change(sort, { target: { value: 'amount_asc' } });
    fireEvent.keyDown(sort, { key: 'ArrowDown' });
    fireEvent.change(sort, { target: { value: 'amount_desc' } });
    expect(router.state.location.search).toBe('?businessTypeId=8&sort=newest&page=2');
    fireEvent.keyDown(sort, { key: 'Enter' });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?businessTypeId=8&sort=amount_desc&page=1'),
    );
  });

  it('puts the sort in the URL and goes back to page 1', async () => {
    searchAnswers();
    const { router } = renderAt('/search?businessTypeId=8&sort=newest&page=2');
    await screen.findByRole('link', { name: 'فرصة 201' });
    fireEvent.change(screen.getByRole('combobox', { name: 'الترتيب' }), { target: { value: 'amount_asc' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?businessTypeId=8&sort=amount_asc&page=1'),
    );
    expect(await screen.findByRole('link', { name: 'فرصة 101' })).toBeInTheDocument();
  });

  it('links pages through the URL, so back and forward work', async () => {
    searchAnswers();
    const { router } = renderAt('/search?q=%D9%82%D9%87%D9%88%D8%A9&sort=newest&page=1');
    await screen.findByRole('link', { name: 'فرصة 101' });
    const pages = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    await userEvent.click(within(pages).getByRole('link', { name: 'الصفحة 3' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=%D9%82%D9%87%D9%88%D8%A9&sort=newest&page=3'),
    );
    expect(await screen.findByRole('link', { name: 'فرصة 301' })).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'فرصة 101' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'كلمات البحث' })).toHaveValue('قهوة');
  });

  it('narrows the cities to the chosen region and submits the text and amounts', async () => {
    searchAnswers();
    const { router } = renderAt('/search');
    await screen.findByRole('link', { name: 'فرصة 101' });
    const region = screen.getByRole('combobox', { name: 'المنطقة' });
    await waitFor(() => expect(within(region).getAllByRole('option')).toHaveLength(3));
    fireEvent.change(region, { target: { value: '2' } });
    await waitFor(() => expect(router.state.location.search).toContain('regionId=2'));
    const city = screen.getByRole('combobox', { name: 'المدينة' });
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['الكل', 'جدة']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'كلمات البحث' }), 'مطعم');
    await userEvent.type(screen.getByRole('textbox', { name: 'من' }), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('مطعم'));
    expect(new URLSearchParams(router.state.location.search).get('minAmount')).toBe('1000');
  });

  it('keeps the words being typed when the results arrive meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi((url) =>
      url.pathname === '/api/opportunities'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    const { router } = renderAt('/search');
    const words = screen.getByRole('searchbox', { name: 'كلمات البحث' });
    await userEvent.type(words, 'مطعم');
    answer(jsonResponse({ data: [card(1)], pagination: { page: 1, pageSize: 12, total: 1, totalPages: 1 } }));
    await screen.findByRole('link', { name: 'فرصة 1' });
    expect(words).toHaveValue('مطعم');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('مطعم'));
  });

  it('refuses a reversed amount range with the shared message', async () => {
    searchAnswers();
    const { router } = renderAt('/search');
    await screen.findByRole('link', { name: 'فرصة 101' });
    await userEvent.type(screen.getByRole('textbox', { name: 'من' }), '9000');
    await userEvent.type(screen.getByRole('textbox', { name: 'إلى' }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    expect(await screen.findByText('الحد الأعلى يجب ألا يقل عن الحد الأدنى')).toBeInTheDocument();
    // Under the maximum, the bound that is below the other, not under the minimum.
    expect(screen.getByRole('textbox', { name: 'إلى' })).toHaveAccessibleDescription(
      'الحد الأعلى يجب ألا يقل عن الحد الأدنى',
    );
    expect(screen.getByRole('textbox', { name: 'من' })).not.toHaveAccessibleDescription(
      'الحد الأعلى يجب ألا يقل عن الحد الأدنى',
    );
    expect(router.state.location.search).toBe('');
  });

  it('reads amounts typed with an Arabic keyboard (١٥٠٠٠٠٠) and with grouping', async () => {
    searchAnswers();
    const { router } = renderAt('/search');
    await screen.findByRole('link', { name: 'فرصة 101' });
    await userEvent.type(screen.getByRole('textbox', { name: 'من' }), '١٥٠٠٠٠٠');
    await userEvent.type(screen.getByRole('textbox', { name: 'إلى' }), '٢٬٠٠٠٬٠٠٠');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('minAmount')).toBe('1500000'),
    );
    expect(new URLSearchParams(router.state.location.search).get('maxAmount')).toBe('2000000');
  });

  it('refuses a fraction or text in an amount with a message under that field, and searches nothing', async () => {
    searchAnswers();
    const { router } = renderAt('/search');
    await screen.findByRole('link', { name: 'فرصة 101' });
    await userEvent.type(screen.getByRole('textbox', { name: 'من' }), '1.5');
    await userEvent.type(screen.getByRole('textbox', { name: 'إلى' }), 'كثير');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'من' })).toHaveAccessibleDescription(
        'يجب أن يكون رقمًا صحيحًا',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'من' })).toHaveAccessibleDescription('يجب أن يكون رقمًا صحيحًا');
    expect(screen.getByRole('textbox', { name: 'إلى' })).toHaveAccessibleDescription(
      'يجب أن يكون رقمًا صحيحًا',
    );
    expect(router.state.location.search).toBe('');
  });

  it('keeps a typed keyword and amount when the sector or the sort changes before Search is pressed', async () => {
    searchAnswers();
    const { router } = renderAt('/search');
    await screen.findByRole('link', { name: 'فرصة 101' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'كلمات البحث' }), 'مخبز');
    await userEvent.type(screen.getByRole('textbox', { name: 'من' }), '50000');
    const sector = screen.getByRole('combobox', { name: 'القطاع' });
    await waitFor(() => expect(within(sector).getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(sector, { target: { value: '8' } });
    await waitFor(() => expect(router.state.location.search).toContain('businessTypeId=8'));
    fireEvent.change(screen.getByRole('combobox', { name: 'الترتيب' }), { target: { value: 'amount_asc' } });
    await waitFor(() => expect(router.state.location.search).toContain('sort=amount_asc'));
    expect(screen.getByRole('searchbox', { name: 'كلمات البحث' })).toHaveValue('مخبز');
    expect(screen.getByRole('textbox', { name: 'من' })).toHaveValue('50000');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('مخبز'));
    expect(new URLSearchParams(router.state.location.search).get('minAmount')).toBe('50000');
    expect(new URLSearchParams(router.state.location.search).get('businessTypeId')).toBe('8');
  });

  it('shows the empty state, and the error state with retry', async () => {
    mockApi((url) =>
      url.pathname === '/api/opportunities'
        ? jsonResponse({ data: [], pagination: { page: 1, pageSize: 12, total: 0, totalPages: 0 } })
        : undefined,
    );
    renderAt('/search?q=zzz');
    expect(await screen.findByText('لا توجد فرص مطابقة')).toBeInTheDocument();
    vi.unstubAllGlobals();
    mockApi((url) =>
      url.pathname === '/api/opportunities'
        ? jsonResponse({ code: 'INTERNAL', message: 'تعطل البحث' }, { status: 500 })
        : undefined,
    );
    renderAt('/search?q=other');
    expect(await screen.findByText('تعطل البحث')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
  it('offers no page past the 10,000th result, and says so for a typed one', async () => {
    mockApi((url) => {
      if (url.pathname !== '/api/opportunities') return undefined;
      const page = Number(url.searchParams.get('page'));
      if (page > 834) {
        return jsonResponse(
          { code: 'PAGE_TOO_DEEP', message: 'server text', fields: { page: 'page_too_deep' } },
          { status: 400 },
        );
      }
      return jsonResponse({
        data: [card(7)],
        pagination: { page, pageSize: 12, total: 20_000, totalPages: 1667 },
      });
    });
    renderAt('/search?sort=newest&page=834');
    const pager = await screen.findByRole('navigation', { name: 'التنقل بين الصفحات' });
    const pages = within(pager)
      .getAllByRole('link')
      .map((link) => new URLSearchParams(link.getAttribute('href')!.split('?')[1]).get('page'));
    expect(pages).toEqual(['833', '1', '833', '834']);
    expect(within(pager).queryByRole('link', { name: 'التالي' })).not.toBeInTheDocument();
    cleanup();

    renderAt('/search?sort=newest&page=835');
    expect(await screen.findByText('هذه الصفحة أبعد مما يمكن عرضه')).toBeInTheDocument();
    expect(screen.getByText(/أول 10.000 نتيجة فقط/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إلى الصفحة الأولى' })).toHaveAttribute(
      'href',
      '/search?sort=newest&page=1',
    );
    expect(screen.queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
  });

  it('says a page past the last one is past the end and links back to the last page and page 1', async () => {
    mockApi((url) => {
      if (url.pathname !== '/api/opportunities') return undefined;
      const page = Number(url.searchParams.get('page'));
      const data = page <= 3 ? [card(page * 100 + 1)] : [];
      return jsonResponse({ data, pagination: { page, pageSize: 12, total: 36, totalPages: 3 } });
    });
    const { router } = renderAt('/search?q=%D9%82%D9%87%D9%88%D8%A9&sort=newest&page=999');
    expect(await screen.findByText('هذه الصفحة بعد آخر النتائج')).toBeInTheDocument();
    expect(screen.getByText('النتائج في 3 صفحات فقط.')).toBeInTheDocument();
    expect(screen.queryByText('لا توجد فرص مطابقة')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إلى الصفحة الأولى' })).toHaveAttribute(
      'href',
      '/search?q=%D9%82%D9%87%D9%88%D8%A9&sort=newest&page=1',
    );
    await userEvent.click(screen.getByRole('link', { name: 'إلى الصفحة الأخيرة' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=%D9%82%D9%87%D9%88%D8%A9&sort=newest&page=3'),
    );
    expect(await screen.findByRole('link', { name: 'فرصة 301' })).toBeInTheDocument();
  });

  it('closes the filter panel of the phone layout after a search, brings the results into view and focuses its toggle', async () => {
    const scrolled: Element[] = [];
    // jsdom has no scrollIntoView: record which element asks to be shown.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    searchAnswers();
    const { router } = renderAt('/search');
    await screen.findByRole('link', { name: 'فرصة 101' });
    const toggle = screen.getByText('التصفية', { selector: 'summary' });
    const panel = toggle.closest('details')!;
    await userEvent.click(toggle);
    expect(panel).toHaveAttribute('open');
    await userEvent.type(screen.getByRole('searchbox', { name: 'كلمات البحث' }), 'قهوة');
    // A refused range keeps the panel open with its message.
    await userEvent.type(screen.getByRole('textbox', { name: 'من' }), '5');
    await userEvent.type(screen.getByRole('textbox', { name: 'إلى' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    expect(panel).toHaveAttribute('open');
    expect(scrolled).toEqual([]);
    await userEvent.clear(screen.getByRole('textbox', { name: 'من' }));
    await userEvent.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(router.state.location.search).toContain('q=%D9%82%D9%87%D9%88%D8%A9'));
    expect(panel).not.toHaveAttribute('open');
    expect(toggle).toHaveFocus();
    expect(scrolled).toEqual([screen.getByRole('region', { name: '30 فرصة' })]);
  });
});
