import { Link } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Eye from 'lucide-react/icons/eye';
import Store from 'lucide-react/icons/store';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { buttonClasses } from '@/components/ui/button';
import { formatCompactCurrency, formatDate, formatPercent } from '@/lib/format';
import { ModerationActions } from './moderation-actions';
import { listingName, nameIn } from './opportunity-names';
import { StatusBadge } from './status-badge';
import { Card } from '@/components/ui/card';

/** A listing in the moderation queue: what it is, where, how much, its reason if any, and the decisions. */
export function ModerationCard({ opportunity: o }: { opportunity: OpportunityDetail }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const name = listingName(o, lng);
  const image = o.logo ?? o.coverImage;
  return (
    <Card as="article" className="grid gap-4 p-4 sm:grid-cols-[5rem_1fr]">
      <div className="flex size-20 items-center justify-center overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
        {image ? (
          <img src={image} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <Store aria-hidden="true" className="size-8 text-slate-400" />
        )}
      </div>
      <div className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
              <span className="break-words" dir="auto">
                {name}
              </span>
              {o.isVerified ? (
                <BadgeCheck
                  role="img"
                  aria-label={t('admin.moderation.verified')}
                  className="size-5 text-brand-700 dark:text-brand-400"
                />
              ) : null}
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {nameIn(o.businessType, lng)} ·{' '}
              {t('admin.moderation.place', { city: nameIn(o.city, lng), region: nameIn(o.region, lng) })}
            </p>
          </div>
          <StatusBadge status={o.status} />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-slate-600 dark:text-slate-400">{t('admin.moderation.amount')}:</dt>
            <dd className="font-semibold">{formatCompactCurrency(o.requiredAmount, lng)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600 dark:text-slate-400">{t('admin.moderation.offered')}:</dt>
            <dd className="font-semibold">{formatPercent(o.offeredPercentage, lng)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-600 dark:text-slate-400">{t('admin.moderation.submitted')}:</dt>
            <dd>
              <time dateTime={o.createdAt}>{formatDate(o.createdAt, lng)}</time>
            </dd>
          </div>
        </dl>
        {o.rejectionReason ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
            <span className="font-semibold">{t('admin.moderation.reasonLabel')}: </span>
            {o.rejectionReason}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`/admin/opportunities/${o.id}`} className={buttonClasses('secondary', 'sm')}>
            <Eye aria-hidden="true" className="size-4" />
            <span>
              {t('admin.moderation.review')}
              <span className="sr-only"> {name}</span>
            </span>
          </Link>
          <ModerationActions opportunity={o} name={name} />
        </div>
      </div>
    </Card>
  );
}
