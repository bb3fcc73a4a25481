import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { valuationCheckInput, type ValuationCheckInput } from '@safqa/shared/validation/insights';
import { useValuationCheck } from '../../api/check-valuation';
import { ValuationPanel } from './valuation-panel';
import { Card } from '@/components/ui/card';

/** How long typing must pause before the figures are checked. */
export const CHECK_DELAY_MS = 600;

/** The figures of the check once the wizard's values hold valid ones, else null. */
export function checkInputOf(values: Record<string, unknown>): ValuationCheckInput | null {
  const parsed = valuationCheckInput.safeParse({
    businessTypeId: values.businessTypeId,
    offeredPercentage: values.offeredPercentage,
    requiredAmount: values.requiredAmount,
    ebitda: values.ebitda,
    yearlySales: values.yearlySales,
  });
  return parsed.success ? parsed.data : null;
}

/** `value`, once it has stopped changing for `delay` ms (compared by JSON, so new objects are fine). */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return settled;
}

/**
 * The wizard's financial step: the valuation check of the figures as they are typed (API.md
 * "Insights"). Advice only: it never blocks the step, and a failure only says so.
 */
export function ValuationCheck({ values }: { values: Record<string, unknown> }) {
  const { t } = useTranslation();
  const input = useSettled(checkInputOf(values), CHECK_DELAY_MS);
  const check = useValuationCheck(input);

  return (
    <Card
      as="section"
      aria-labelledby="valuation-check-title"
      aria-busy={check.isFetching}
      className="grid gap-3 p-4 sm:col-span-2"
    >
      <h3 id="valuation-check-title" className="font-bold text-slate-900 dark:text-white">
        {t('insights.valuation.title')}
      </h3>
      <div role="status" aria-live="polite" className="grid gap-3">
        {!input ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.valuation.fillIn')}</p>
        ) : check.isError ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('insights.valuation.failed')}</p>
        ) : check.data ? (
          <ValuationPanel valuation={check.data} warning />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('insights.valuation.checking')}</p>
        )}
      </div>
    </Card>
  );
}
