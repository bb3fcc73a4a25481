import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ScrollRegion } from './scroll-region';

/** A ResizeObserver that reports once, as the browser does when observation starts. */
class ReportingResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    this.callback([], this as unknown as ResizeObserver);
  }
  disconnect() {}
}

function frameWidths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ScrollRegion', () => {
  it('says to swipe when the table is wider than the screen, and is a labelled, focusable region tied to that line', () => {
    vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
    frameWidths(640, 343);
    render(
      <ScrollRegion label="المستخدمون">
        <table />
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'المستخدمون' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAccessibleDescription('اسحب الجدول جانبًا لرؤية بقية الأعمدة.');
  });

  it('says nothing when the whole table fits', () => {
    vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
    frameWidths(900, 900);
    render(
      <ScrollRegion label="Users">
        <table />
      </ScrollRegion>,
    );
    expect(screen.queryByText('اسحب الجدول جانبًا لرؤية بقية الأعمدة.')).toBeNull();
    expect(screen.getByRole('region', { name: 'Users' })).not.toHaveAttribute('aria-describedby');
  });
});
