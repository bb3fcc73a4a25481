import { useTranslation } from '@/lib/use-translation';
import type { AccessRequestStatus } from '@safqa/shared/validation/data-room';
import { cn } from '@/lib/cn';

const STYLES: Record<AccessRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  declined: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  revoked: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function AccessStatusBadge({ status }: { status: AccessRequestStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold', STYLES[status])}
    >
      {t(`data-room.status.${status}`)}
    </span>
  );
}
