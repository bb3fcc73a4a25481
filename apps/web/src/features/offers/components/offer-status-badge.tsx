import { useTranslation } from '@/lib/use-translation';
import type { OfferStatus } from '@safqa/shared/validation/offers';
import { cn } from '@/lib/cn';

const STYLES: Record<OfferStatus, string> = {
  new: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  accepted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  declined: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold', STYLES[status])}>
      {t(`offers.status.${status}`)}
    </span>
  );
}
