import { useTranslation } from '@/lib/use-translation';
import type { OpportunityStatus } from '@safqa/shared/constants';
import { Badge } from '@/components/ui/badge';
import { STATUS_TONES } from '@/components/status-badge';

/** A listing's moderation status in the admin's words (admin.status), coloured as everywhere else. */
export function StatusBadge({ status }: { status: OpportunityStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status]} className="font-bold">
      {t(`admin.status.${status}`)}
    </Badge>
  );
}
