import { Link } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import Plus from 'lucide-react/icons/plus';
import type { MyOffer } from '@safqa/shared/validation/offers';
import { Button, buttonClasses } from '@/components/ui/button';
import { formatCurrency, formatDate } from '@/lib/format';
import { OfferStatusBadge } from './offer-status-badge';
import { OwnerNote } from './owner-note';

export interface LatestOfferProps {
  offer: MyOffer;
  /** How many offers the caller made on this listing in all. */
  total: number;
  /** Opens the form again; the server takes further offers (SPEC.md section 5 sets no limit). */
  onAnother: () => void;
}

/** What the investor already did on this listing: their latest offer, where it stands, the owner's note. */
export function LatestOffer({ offer, total, onAnother }: LatestOfferProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const date = formatDate(offer.createdAt, lng);
  return (
    <div className="mt-4 grid gap-3" data-testid="latest-offer">
      <p className="text-slate-900 dark:text-white">
        {offer.amount === null
          ? t('offers.latest.offeredNoAmount', { date })
          : t('offers.latest.offered', { amount: formatCurrency(offer.amount, lng), date })}
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        {t('offers.latest.status')}: <OfferStatusBadge status={offer.status} />
      </p>
      {offer.status === 'new' ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('offers.latest.waiting')}</p>
      ) : null}
      {offer.note ? <OwnerNote note={offer.note} /> : null}
      {total > 1 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {t('offers.latest.earlier', { count: total - 1 })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="md" onClick={onAnother}>
          <Plus aria-hidden="true" className="size-4" />
          {t('offers.latest.another')}
        </Button>
        <Link to="/profile/my-offers" className={buttonClasses('ghost', 'md')}>
          {t('offers.latest.viewMine')}
        </Link>
      </div>
    </div>
  );
}
