import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { textContrast } from '@/test/contrast';
import { setLanguage } from '@/test/utils';
import { Pager } from './pager';

/** The lucide icon names inside a button, in document order (they are decorative: aria-hidden). */
function icons(button: HTMLElement) {
  return [...button.querySelectorAll('svg')].map((svg) => ({
    name: [...svg.classList].find((name) => name.startsWith('lucide-'))?.replace('lucide-', ''),
    hiddenIn: svg.classList.contains('ltr:hidden')
      ? 'ltr'
      : svg.classList.contains('rtl:hidden')
        ? 'rtl'
        : 'none',
    ariaHidden: svg.getAttribute('aria-hidden'),
  }));
}

describe('Pager', () => {
  it('renders nothing when everything fits on one page', () => {
    const { container } = render(<Pager page={1} totalPages={1} onPage={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the landmark and the page in Arabic, and moves by one page either way', async () => {
    const onPage = vi.fn();
    render(<Pager page={2} totalPages={5} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'التنقل بين الصفحات' });
    const status = within(nav).getByText('الصفحة 2 من 5');
    expect(status).toHaveAttribute('aria-live', 'polite');
    // 14 px text needs 4.5:1 on the page background.
    expect(textContrast(status)).toBeGreaterThanOrEqual(4.5);

    await userEvent.click(within(nav).getByRole('button', { name: 'السابق' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'التالي' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });

  it('disables "previous" on the first page and "next" on the last', async () => {
    const onPage = vi.fn();
    const { rerender } = render(<Pager page={1} totalPages={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'السابق' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeEnabled();

    rerender(<Pager page={3} totalPages={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'السابق' })).toBeEnabled();
    const next = screen.getByRole('button', { name: 'التالي' });
    expect(next).toBeDisabled();
    await userEvent.click(next);
    expect(onPage).not.toHaveBeenCalled();
  });

  it('points the arrows the reading direction: "previous" points right in Arabic, left in English', () => {
    render(<Pager page={2} totalPages={3} onPage={vi.fn()} />);
    // Each button carries both arrows; the direction variant hides the one that points backwards.
    expect(icons(screen.getByRole('button', { name: 'السابق' }))).toEqual([
      { name: 'chevron-right', hiddenIn: 'ltr', ariaHidden: 'true' },
      { name: 'chevron-left', hiddenIn: 'rtl', ariaHidden: 'true' },
    ]);
    expect(icons(screen.getByRole('button', { name: 'التالي' }))).toEqual([
      { name: 'chevron-left', hiddenIn: 'ltr', ariaHidden: 'true' },
      { name: 'chevron-right', hiddenIn: 'rtl', ariaHidden: 'true' },
    ]);
  });

  it('speaks English', async () => {
    await setLanguage('en');
    render(<Pager page={1} totalPages={12} onPage={vi.fn()} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByText('Page 1 of 12')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
