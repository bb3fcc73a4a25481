import { useTranslation } from '@/lib/use-translation';
import type { AccessRequestStatus } from '@safqa/shared/validation/data-room';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<AccessRequestStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  declined: 'neutral',
  revoked: 'danger',
};

export function AccessStatusBadge({ status }: { status: AccessRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge data-status={status} tone={TONES[status]} className="font-bold">
      {t(`data-room.status.${status}`)}
    </Badge>
  );
}
