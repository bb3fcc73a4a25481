import { Link, useParams } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ExternalLink from 'lucide-react/icons/external-link';
import { buttonClasses } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { useOpportunity } from '@/lib/get-opportunity';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { ModerationActions } from '../components/moderation-actions';
import { OpportunityReview } from '../components/opportunity-review';
import { listingName } from '../components/opportunity-names';
import { PageHeader } from '../components/page-header';
import { StatusBadge } from '../components/status-badge';
import { StatusHistory } from '../components/status-history';
import { VerifiedSwitch } from '../components/verified-switch';

/** /admin/opportunities/{id}: every field, image and document of a listing, its history and the decisions. */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const id = Number(useParams().id);
  const listing = useOpportunity(Number.isInteger(id) ? id : 0);

  const back = (
    <Link to="/admin/opportunities" className={buttonClasses('ghost', 'sm', 'justify-self-start')}>
      <ArrowRight aria-hidden="true" className="size-4 ltr:rotate-180" />
      {t('admin.review.back')}
    </Link>
  );

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (listing.isError && isApiError(listing.error) && listing.error.status === 404)
  ) {
    return (
      <>
        {back}
        <PageHeader title={t('admin.review.title')} />
        <EmptyState title={t('admin.review.notFound')} />
      </>
    );
  }
  if (listing.isPending) return <LoadingState />;
  if (listing.isError) return <ErrorState error={listing.error} onRetry={() => void listing.refetch()} />;

  const o = listing.data;
  const name = listingName(o, lng);
  return (
    <>
      {back}
      <PageHeader
        title={name}
        userTitle
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={o.status} />
            <span>{t('admin.review.subtitle', { id: o.id })}</span>
          </span>
        }
        actions={
          o.status === 'approved' ? (
            <Link to={`/opportunities/${o.id}`} className={buttonClasses('secondary', 'sm')}>
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('admin.review.publicPage')}
            </Link>
          ) : null
        }
      />
      <section
        aria-label={t('admin.review.decisions')}
        className="grid gap-4 rounded-2xl border border-brand-200 bg-brand-50/60 p-4 dark:border-brand-900 dark:bg-brand-950/40"
      >
        {o.rejectionReason ? (
          <p className="text-sm text-slate-800 dark:text-slate-200">
            <span className="font-semibold">{t('admin.moderation.reasonLabel')}: </span>
            {o.rejectionReason}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <ModerationActions opportunity={o} name={name} />
          <VerifiedSwitch id={o.id} checked={o.isVerified} />
        </div>
      </section>
      <OpportunityReview o={o} />
      <StatusHistory id={o.id} />
    </>
  );
}
