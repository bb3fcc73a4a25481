import { useTranslation } from '@/lib/use-translation';
import type { OpportunityStatus } from '@safqa/shared/constants';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export const STATUS_TONES: Record<OpportunityStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  suspended: 'neutral',
  rejected: 'danger',
};

/** An opportunity's moderation status (SPEC.md section 4) as a coloured label. */
export function StatusBadge({ status, className }: { status: OpportunityStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]} className={className}>
      {t(`listings.status.${status}`)}
    </Badge>
  );
}
