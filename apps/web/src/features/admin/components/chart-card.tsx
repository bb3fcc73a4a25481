import { lazy, Suspense } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { formatDay } from '@/lib/day-format';
import type { DailyChartProps } from './daily-chart';
import { Card } from '@/components/ui/card';

// recharts comes with this chunk only.
const DailyChart = lazy(() => import('./daily-chart'));

/**
 * A titled chart of a count per day. The drawing is hidden from assistive technology; the same
 * figures are there as a table (visually hidden), with the total in the caption.
 */
export function ChartCard({ title, ...chart }: DailyChartProps & { title: string }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const total = chart.series.reduce((sum, day) => sum + day.count, 0);
  return (
    <Card as="figure" className="grid gap-3 p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold text-slate-900 dark:text-white">{title}</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {t('admin.charts.total', { total: formatNumber(total, lng) })}
        </span>
      </figcaption>
      <div aria-hidden="true">
        <Suspense fallback={<Spinner className="h-64" label={t('admin.charts.loading')} />}>
          <DailyChart {...chart} />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.charts.day')}</th>
            <th scope="col">{chart.label}</th>
          </tr>
        </thead>
        <tbody>
          {chart.series.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date, lng, 'long')}</th>
              <td>{formatNumber(day.count, lng)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
