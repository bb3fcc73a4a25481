import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import Pencil from 'lucide-react/icons/pencil';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { StatusBadge } from '@/components/status-badge';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';

/** What only the owner sees: the moderation status, the rejection reason and the way to edit. */
export function OwnerPanel({ o }: { o: OpportunityDetail }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="owner-title"
      className="grid gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5 dark:border-brand-900 dark:bg-brand-950/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="owner-title" className="font-bold text-slate-900 dark:text-white">
          {t('opportunities.owner.title')}
        </h2>
        <StatusBadge status={o.status} />
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t(`opportunities.owner.statusHelp.${o.status}`)}
      </p>
      {o.status === 'rejected' && o.rejectionReason ? (
        <Alert variant="error" title={t('opportunities.owner.rejectionReason')}>
          {o.rejectionReason}
        </Alert>
      ) : null}
      <Link to={`/opportunities/${o.id}/edit`} className={buttonClasses('primary', 'md')}>
        <Pencil aria-hidden="true" className="size-4" />
        {t('opportunities.owner.edit')}
      </Link>
    </section>
  );
}
