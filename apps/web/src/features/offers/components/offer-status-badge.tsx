import { useTranslation } from '@/lib/use-translation';
import type { OfferStatus } from '@safqa/shared/validation/offers';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<OfferStatus, BadgeTone> = {
  new: 'info',
  accepted: 'success',
  declined: 'neutral',
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation();
  return (
    <Badge tone={TONES[status]} className="font-bold">
      {t(`offers.status.${status}`)}
    </Badge>
  );
}
