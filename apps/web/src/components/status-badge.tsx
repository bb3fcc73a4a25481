import { useTranslation } from '@/lib/use-translation';
import type { OpportunityStatus } from '@safqa/shared/constants';
import { cn } from '@/lib/cn';

const STYLES: Record<OpportunityStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  suspended: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

/** An opportunity's moderation status (SPEC.md section 4) as a coloured label. */
export function StatusBadge({ status, className }: { status: OpportunityStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        STYLES[status],
        className,
      )}
    >
      {t(`listings.status.${status}`)}
    </span>
  );
}
