import BadgeCheck from 'lucide-react/icons/badge-check';
import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/lib/use-translation';
import { useAreas } from '@/lib/use-areas';

/** "Verified buyer": an admin checked the user's proof of funds or identity (API.md "Trust and safety"). */
export function VerifiedBuyerBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  // Its texts live in the safety catalogue, which the first page does not load (decision 005).
  const textsReady = useAreas(['safety']);
  if (!textsReady) return null;
  return (
    <Badge tone="success" className={className} title={t('safety.trust.verifiedBuyerHint')}>
      <BadgeCheck aria-hidden="true" className="me-1 size-3.5" />
      {t('safety.trust.verifiedBuyer')}
    </Badge>
  );
}
