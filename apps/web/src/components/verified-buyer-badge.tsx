import BadgeCheck from 'lucide-react/icons/badge-check';
import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/lib/use-translation';

/** "Verified buyer": an admin checked the user's proof of funds or identity (API.md "Trust and safety"). */
export function VerifiedBuyerBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone="success" className={className} title={t('common.trust.verifiedBuyerHint')}>
      <BadgeCheck aria-hidden="true" className="me-1 size-3.5" />
      {t('common.trust.verifiedBuyer')}
    </Badge>
  );
}
