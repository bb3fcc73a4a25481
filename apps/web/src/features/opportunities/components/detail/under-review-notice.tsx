import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';

/**
 * A listing back under review is shown only to the people following it (its bookmarkers, offer
 * makers, approved data-room requesters: the server decides); say why they still see it. The owner
 * has their own status panel.
 */
export function UnderReviewNotice({ o }: { o: Pick<OpportunityDetail, 'status' | 'isOwner'> }) {
  const { t } = useTranslation();
  if (o.isOwner || o.status !== 'pending') return null;
  return (
    <Alert variant="info" title={t('opportunities.detail.underReview')} className="mb-6">
      {t('opportunities.detail.underReviewBody')}
    </Alert>
  );
}
