import { useTranslation } from '@/lib/use-translation';
import * as RadioGroup from 'radix-ui/radio-group';
import { ERROR_LOG_RANGES } from '@safqa/shared/constants';
import type { ErrorLogRange } from '../api/get-error-logs';

/** Last 7, 14 or 30 days (SPEC.md section 9), as a segmented radio group. */
export function RangePicker({
  value,
  onChange,
}: {
  value: ErrorLogRange;
  onChange: (days: ErrorLogRange) => void;
}) {
  const { t } = useTranslation();
  return (
    <RadioGroup.Root
      value={String(value)}
      onValueChange={(next) => onChange(Number(next) as ErrorLogRange)}
      aria-label={t('admin.errors.range')}
      orientation="horizontal"
      className="inline-flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-900"
    >
      {ERROR_LOG_RANGES.map((days) => (
        <RadioGroup.Item
          key={days}
          value={String(days)}
          className="h-9 rounded-lg px-3 text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-white data-[state=checked]:text-brand-800 data-[state=checked]:shadow dark:text-slate-300 dark:data-[state=checked]:bg-slate-700 dark:data-[state=checked]:text-white"
        >
          {t('admin.errors.days', { count: days })}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
