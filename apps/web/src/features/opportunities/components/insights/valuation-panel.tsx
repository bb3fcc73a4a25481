import { useTranslation } from '@/lib/use-translation';
import { VALUATION_MIN_COMPARABLES } from '@safqa/shared/constants';
import type { Valuation, ValuationFlag } from '@safqa/shared/validation/insights';
import { formatCurrency, formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { cn } from '@/lib/cn';

const FLAG_CLASSES: Record<ValuationFlag, string> = {
  low: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  typical:
    'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  high: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  insufficient_data:
    'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100',
};

/**
 * A valuation check (API.md "Insights"): the flag, the implied valuation and both multiples with the
 * sector's quartiles, and what it means and does not. `warning` adds the wizard's "never a block" line.
 */
export function ValuationPanel({ valuation, warning = false }: { valuation: Valuation; warning?: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const multiple = (value: number | null) =>
    value === null
      ? t('insights.valuation.noMultiple')
      : t('insights.valuation.multiple', { value: formatNumber(value, lng) });
  const range = (q: { p25: number; median: number; p75: number }) =>
    t('insights.valuation.range', {
      p25: multiple(q.p25),
      median: multiple(q.median),
      p75: multiple(q.p75),
    });
  const { flag, sector } = valuation;

  return (
    <div className="grid gap-4" data-testid="valuation" data-flag={flag}>
      <div className={cn('grid gap-1 rounded-xl border p-4', FLAG_CLASSES[flag])}>
        <p className="font-bold">{t(`insights.valuation.flag.${flag}`)}</p>
        <p className="text-sm">
          {/* Without positive EBITDA the server flags by the sales multiple: say so, not the EBITDA one. */}
          {valuation.ebitdaMultiple === null && flag !== 'insufficient_data'
            ? t(`insights.valuation.flagBodySales.${flag}`)
            : t(`insights.valuation.flagBody.${flag}`, {
                needed: formatNumber(VALUATION_MIN_COMPARABLES, lng),
              })}
        </p>
        {warning ? <p className="text-sm font-medium">{t('insights.valuation.warning')}</p> : null}
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t('insights.valuation.implied')}</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">
            {formatCurrency(valuation.impliedValuation, lng)}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-sm text-slate-600 dark:text-slate-400">{t('insights.valuation.sector')}</dt>
          <dd className="font-semibold text-slate-900 dark:text-white">
            {/* Under the threshold nothing was compared: say how many there are and how many it takes. */}
            {flag === 'insufficient_data'
              ? t('insights.valuation.comparablesSoFar', {
                  count: valuation.comparables,
                  formatted: formatNumber(valuation.comparables, lng),
                  needed: formatNumber(VALUATION_MIN_COMPARABLES, lng),
                })
              : t('insights.valuation.comparables', {
                  count: valuation.comparables,
                  formatted: formatNumber(valuation.comparables, lng),
                })}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-sm text-slate-600 dark:text-slate-400">
            {t('insights.valuation.ebitdaMultiple')}
          </dt>
          <dd className="font-semibold text-slate-900 dark:text-white">
            {multiple(valuation.ebitdaMultiple)}
          </dd>
          {sector ? (
            <dd className="text-sm text-slate-600 dark:text-slate-400">{range(sector.ebitdaMultiple)}</dd>
          ) : null}
        </div>
        <div className="grid gap-0.5">
          <dt className="text-sm text-slate-600 dark:text-slate-400">
            {t('insights.valuation.salesMultiple')}
          </dt>
          <dd className="font-semibold text-slate-900 dark:text-white">
            {multiple(valuation.salesMultiple)}
          </dd>
          {sector ? (
            <dd className="text-sm text-slate-600 dark:text-slate-400">{range(sector.salesMultiple)}</dd>
          ) : null}
        </div>
      </dl>
      <details className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700">
        <summary className="cursor-pointer font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-white">
          {t('insights.valuation.explainSummary')}
        </summary>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('insights.valuation.explainMeans')}</p>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('insights.valuation.explainNot')}</p>
      </details>
    </div>
  );
}
