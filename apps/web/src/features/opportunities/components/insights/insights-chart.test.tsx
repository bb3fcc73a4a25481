import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import InsightsChart from './insights-chart';

// jsdom lays nothing out, so the responsive container would measure 0 x 0 and draw nothing: give
// the chart a fixed size instead.
vi.mock('recharts', async (original) => {
  const actual = await original<typeof import('recharts')>();
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: ReactNode }) =>
      isValidElement(children)
        ? cloneElement(children as ReactElement<{ width: number; height: number }>, {
            width: 700,
            height: 260,
          })
        : null,
  };
});

const day = (date: string, offers: number) => ({ date, views: offers * 2, bookmarks: 0, offers, chats: 0 });

describe('the insights chart', () => {
  it('draws the daily counts as steps: no curve, and days without activity stay on the zero line', async () => {
    const { container } = renderWithProviders(
      <InsightsChart
        byDay={[
          day('2026-01-01', 0),
          day('2026-01-02', 0),
          day('2026-01-03', 3),
          day('2026-01-04', 0),
          day('2026-01-05', 0),
        ]}
      />,
    );
    const lines = [...container.querySelectorAll<SVGPathElement>('path.recharts-line-curve')];
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const d = line.getAttribute('d') ?? '';
      expect(d).not.toMatch(/[Cc]/);
    }
    // The offers line: every point is on the zero line but the third day's band.
    const offers = lines.find((line) => line.getAttribute('stroke') === '#c2410c')!;
    const ys = [...(offers.getAttribute('d') ?? '').matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) =>
      Number(m[2]),
    );
    const zero = Math.max(...ys);
    const raised = ys.filter((y) => y !== zero);
    // A step holds the raised value once across its day: two points (its start and end), no slope.
    expect(raised).toHaveLength(2);
    expect(new Set(raised).size).toBe(1);
  });
});
