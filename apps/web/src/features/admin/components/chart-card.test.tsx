import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartCard } from './chart-card';

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

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
  return () => vi.unstubAllGlobals();
});

const series = [
  { date: '2026-03-01', count: 3 },
  { date: '2026-03-02', count: 5 },
];

describe('ChartCard', () => {
  it('keeps the aria-hidden drawing out of the tab order (axe aria-hidden-focus) and gives the figures as a table', async () => {
    const { container } = render(<ChartCard title="Page views per day" label="Views" series={series} />);
    // recharts is loaded on demand: its first import can take seconds on a busy machine.
    await vi.waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull(), {
      timeout: 15_000,
    });
    const drawing = container.querySelector('[aria-hidden="true"]')!;
    expect(
      drawing.querySelectorAll('[tabindex]:not([tabindex="-1"]), a[href], button, input, select, textarea'),
    ).toHaveLength(0);
    const table = screen.getByRole('table', { name: 'Page views per day' });
    expect(table).toHaveTextContent('5');
  });
});
