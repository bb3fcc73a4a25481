import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { INSIGHT_DAYS, type InsightDays, type Insights } from '@safqa/shared/validation/insights';
import { ErrorState } from '@/components/list-states';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { cn } from '@/lib/cn';
import { useInsights } from '../../api/get-insights';
import { formatDay } from '@/lib/day-format';

// recharts comes with this chunk only.
const InsightsChart = lazy(() => import('./insights-chart'));

const TOTALS = ['views', 'uniqueViewers', 'bookmarks', 'offers', 'chats', 'accessRequests', 'deals'] as const;
const DAILY = ['views', 'bookmarks', 'offers', 'chats'] as const;

/**
 * One listing's insights for its owner (API.md "Insights"): the period (7, 30 or 90 days), the totals,
 * and the activity per day as a chart hidden from assistive technology with the same figures as a table.
 */
export function InsightsPanel({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<InsightDays>(30);
  const insights = useInsights(id, days);

  return (
    <section
      aria-label={t('insights.panel.openNamed', { name })}
      aria-busy={insights.isFetching}
      className="grid gap-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/50"
      data-testid={`insights-${id}`}
    >
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('insights.panel.period')}</legend>
        {INSIGHT_DAYS.map((d) => (
          <label
            key={d}
            className={cn(
              'cursor-pointer rounded-full border px-3 py-1 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              d === days
                ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-slate-950'
                : 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200',
            )}
          >
            <input
              type="radio"
              name={`insights-days-${id}`}
              value={d}
              checked={d === days}
              onChange={() => setDays(d)}
              className="sr-only"
            />
            {t(`insights.panel.days_${d}`)}
          </label>
        ))}
      </fieldset>
      {insights.isPending ? (
        <Spinner className="h-40" label={t('common.loading')} />
      ) : insights.isError ? (
        <ErrorState
          error={insights.error}
          title={t('insights.panel.loadFailed')}
          onRetry={() => void insights.refetch()}
        />
      ) : (
        <Figures insights={insights.data} days={days} />
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('insights.panel.note')}</p>
    </section>
  );
}

function Figures({ insights, days }: { insights: Insights; days: InsightDays }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const { totals, byDay } = insights;
  const empty = TOTALS.every((key) => totals[key] === 0);
  const title = t('insights.panel.title', { count: days, formatted: formatNumber(days, lng) });
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {TOTALS.map((key) => (
          <div
            key={key}
            className="grid gap-0.5 rounded-lg bg-white p-3 dark:bg-slate-900"
            data-testid={`insight-${key}`}
          >
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t(`insights.totals.${key}`)}</dt>
            <dd className="text-xl font-extrabold text-slate-900 dark:text-white">
              {formatNumber(totals[key], lng)}
            </dd>
          </div>
        ))}
      </dl>
      {empty ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300"
        >
          {t('insights.panel.empty')}
        </p>
      ) : (
        <figure className="grid gap-2">
          <figcaption className="text-sm font-bold text-slate-900 dark:text-white">{`${t('insights.panel.chartTitle')} · ${title}`}</figcaption>
          <div aria-hidden="true">
            <Suspense fallback={<Spinner className="h-64" label={t('insights.panel.chartLoading')} />}>
              <InsightsChart byDay={byDay} />
            </Suspense>
          </div>
          {/* A table ignores overflow and grows to its content: the hidden box is the div around it. */}
          <div className="sr-only">
            <table>
              <caption>{`${t('insights.panel.chartTitle')} · ${title}`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('insights.panel.day')}</th>
                  {DAILY.map((key) => (
                    <th key={key} scope="col">
                      {t(`insights.totals.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {byDay.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatDay(day.date, lng, 'long')}</th>
                    {DAILY.map((key) => (
                      <td key={key}>{formatNumber(day[key], lng)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </>
  );
}
