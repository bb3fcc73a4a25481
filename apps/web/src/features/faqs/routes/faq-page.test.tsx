import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, setLanguage } from '@/test/utils';
import type { Faq } from '../api/get-faqs';
import { Component as FaqPage } from './faq-page';

const FAQS: Faq[] = [
  {
    id: 1,
    questionAr: 'كيف أقدّم عرضًا على فرصة استثمارية؟',
    answerAr: 'افتح صفحة الفرصة واضغط «قدّم عرضك».',
    questionEn: 'How do I make an OFFER?',
    answerEn: 'Open the opportunity and press Make an offer.',
  },
  {
    id: 2,
    questionAr: 'هل التوثيق مجاني؟',
    answerAr: 'نعم، توثيق المنشأة مجاني تمامًا.',
    questionEn: 'Is verification free?',
    answerEn: 'Yes, verifying a business is free.',
  },
  {
    id: 3,
    questionAr: 'سؤال بلا إجابة',
    answerAr: null,
    questionEn: null,
    answerEn: 'Only an English answer.',
  },
];

let fetchMock: Mock<typeof fetch>;
const faqCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/faqs'));

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ faqs: FAQS }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<FaqPage />, { path: '/faq' });
  await screen.findByRole('button', { name: FAQS[0]!.questionAr! });
  return user;
}

/** The accordion triggers (the only buttons with aria-expanded), as their question text. */
const questions = () =>
  screen
    .queryAllByRole('button')
    .filter((button) => button.hasAttribute('aria-expanded'))
    .map((button) => button.textContent);

describe('FAQ page', () => {
  it('shows the title, a spinner while loading, then the questions in Arabic', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<FaqPage />, { path: '/faq' });
    expect(screen.getByRole('heading', { level: 1, name: 'الأسئلة الشائعة' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('جارٍ تحميل الأسئلة…');
    answer(jsonResponse({ faqs: FAQS }));
    expect(await screen.findByRole('button', { name: FAQS[1]!.questionAr! })).toBeInTheDocument();
    expect(faqCalls()).toEqual(['/api/faqs']);
  });

  it('filters as you type, folding Arabic spelling variants, without asking the server', async () => {
    const user = await renderPage();
    // "اقدم" (bare alef, no shadda) finds "أقدّم"; "توثيق" finds the second question by its answer too.
    await user.type(screen.getByRole('searchbox'), 'اقدم عرضا');
    expect(questions()).toEqual([FAQS[0]!.questionAr]);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'مجاني');
    expect(questions()).toEqual([FAQS[1]!.questionAr]);
    expect(faqCalls()).toEqual(['/api/faqs']);
  });

  it('filters case-insensitively on the English texts when the page is English', async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { path: '/faq' });
    await screen.findByRole('button', { name: 'How do I make an OFFER?' });
    await user.type(screen.getByRole('searchbox'), 'offer');
    expect(questions()).toEqual(['How do I make an OFFER?']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'BUSINESS');
    expect(questions()).toEqual(['Is verification free?']);
  });

  it('sends the search term to the server on Enter and on the button', async () => {
    const user = await renderPage();
    await user.type(screen.getByRole('searchbox'), 'التوثيق{Enter}');
    await waitFor(() => expect(faqCalls()).toContain(`/api/faqs?search=${encodeURIComponent('التوثيق')}`));
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '  عرض ');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(faqCalls()).toContain(`/api/faqs?search=${encodeURIComponent('عرض')}`));
  });

  it('finds other forms of a word as you type: العروض for عرضًا, توثيق for موثّقة', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({
        faqs: [
          ...FAQS,
          {
            id: 4,
            questionAr: 'ماذا تعني شارة «موثّقة»؟',
            answerAr: 'راجع فريقنا المستندات.',
            questionEn: null,
            answerEn: null,
          },
        ],
      }),
    );
    const user = await renderPage();
    await user.type(screen.getByRole('searchbox'), 'العروض');
    expect(questions()).toEqual([FAQS[0]!.questionAr]);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'توثيق');
    expect(questions()).toEqual([FAQS[1]!.questionAr, 'ماذا تعني شارة «موثّقة»؟']);
  });

  it("shows the server's answer to a submitted search, even for a word in the other language", async () => {
    await setLanguage('en');
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { path: '/faq' });
    await screen.findByRole('button', { name: 'How do I make an OFFER?' });
    // The server matched the Arabic texts; the English page has no Arabic word to match locally.
    fetchMock.mockImplementation(async () => jsonResponse({ faqs: [FAQS[0]!] }));
    await user.type(screen.getByRole('searchbox'), 'العروض');
    expect(screen.getByText('No questions match your search.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(questions()).toEqual(['How do I make an OFFER?']));
  });

  it('says so when nothing matches', async () => {
    const user = await renderPage();
    await user.type(screen.getByRole('searchbox'), 'لا شيء يطابق هذا');
    expect(screen.getByText('لا توجد أسئلة تطابق بحثك.')).toBeInTheDocument();
    expect(questions()).toEqual([]);
  });

  it('says there are no questions when the list is empty', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ faqs: [] }));
    renderWithProviders(<FaqPage />, { path: '/faq' });
    expect(await screen.findByText('لا توجد أسئلة شائعة بعد.')).toBeInTheDocument();
  });

  it('opens one answer at a time and closes it again', async () => {
    const user = await renderPage();
    const first = screen.getByRole('button', { name: FAQS[0]!.questionAr! });
    const second = screen.getByRole('button', { name: FAQS[1]!.questionAr! });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(FAQS[0]!.answerAr!)).toBeVisible();
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows placeholders for a missing question or answer', async () => {
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'سؤال بلا إجابة' }));
    expect(screen.getByText('لم تُضف إجابة لهذا السؤال بعد.')).toBeInTheDocument();
    await setLanguage('en');
    expect(
      await screen.findByRole('button', { name: 'This question is not available in English' }),
    ).toBeInTheDocument();
  });

  it('falls back to the two built-in questions when the fetch fails', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ code: 'INTERNAL', message: 'x' }, { status: 500 }),
    );
    renderWithProviders(<FaqPage />, { path: '/faq' });
    expect(await screen.findByRole('button', { name: 'ما هي منصة صفقة؟' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'كيف أعرض مشروعي للبيع أو الاستثمار؟' })).toBeInTheDocument();
    expect(questions()).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
