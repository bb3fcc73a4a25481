import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import BadgeCheck from 'lucide-react/icons/badge-check';
import MapPin from 'lucide-react/icons/map-pin';
import Store from 'lucide-react/icons/store';
import type { OpportunityCard as Card } from '@safqa/shared/validation/opportunities';
import { formatCompactCurrency, formatPercent } from '@/lib/format';
import { asLanguage, localized, opportunityTitle } from '@/lib/localized';
import { cn } from '@/lib/cn';

/** Logo of a listing, or the store icon when it has none (SPEC.md section 2, trending cards). */
export function OpportunityLogo({ logo, className }: { logo: string | null; className?: string }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-white text-brand-700 dark:border-slate-700 dark:bg-slate-800 dark:text-brand-300',
        className,
      )}
    >
      {logo ? (
        <img src={logo} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <Store aria-hidden="true" className="size-1/2" />
      )}
    </span>
  );
}

export function VerifiedBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {t('listings.card.verified')}
    </span>
  );
}

/** "Under offer" while a deal on the listing is past its letter of intent; "sold" / "funded" once closed. */
export function DealStateBadge({ state, className }: { state: Card['dealState']; className?: string }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    // Badge's warning and info tones, written out: the card ships with the home page (decision 005).
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        state === 'under_offer'
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
          : 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
        className,
      )}
    >
      {t(`listings.dealState.${state}`)}
    </span>
  );
}

interface Props {
  opportunity: Card;
  /** `compact`: the trending strip (logo, name, type, place, badge, percentage); `full`: grids with the cover picture and amount. */
  variant?: 'full' | 'compact';
  className?: string;
  /** Strip copies are hidden from assistive technology and the tab order (aria-hidden + tabIndex -1). */
  inert?: boolean;
  /** The first card of a page: its picture is fetched at once at high priority (likely the largest paint). */
  eager?: boolean;
}

/**
 * One opportunity as a card linking to its detail page. The whole card is the link target (the
 * heading's link stretches over it), names and places in the UI language, numbers through Intl.
 */
export function OpportunityCard({ opportunity: o, variant = 'full', className, inert, eager }: Props) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const title = opportunityTitle(o, lng);
  const place = [
    localized(o.city.nameAR, o.city.nameEN, lng),
    localized(o.region.nameAR, o.region.nameEN, lng),
  ]
    .filter(Boolean)
    .join(t('listings.card.placeSeparator'));
  const link = (
    <Link
      to={`/opportunities/${o.id}`}
      tabIndex={inert ? -1 : undefined}
      className="rounded-sm after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-3 focus-visible:after:outline-brand-600"
    >
      {title}
    </Link>
  );

  if (variant === 'compact') {
    return (
      <article
        aria-hidden={inert || undefined}
        className={cn(
          'relative flex w-72 shrink-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900',
          className,
        )}
      >
        <div className="flex items-start gap-3">
          <OpportunityLogo logo={o.logo} className="size-12" />
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-bold text-slate-900 dark:text-white" dir="auto">
              {link}
            </h3>
            <p className="truncate text-sm text-slate-600 dark:text-slate-400">
              {localized(o.businessType.nameAR, o.businessType.nameEN, lng)}
            </p>
          </div>
        </div>
        <p className="flex items-center gap-1 truncate text-sm text-slate-600 dark:text-slate-400">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{place}</span>
        </p>
        <div className="mt-auto flex items-center justify-between gap-2">
          <span className="flex items-center gap-1">
            {o.isVerified ? <VerifiedBadge /> : null}
            <DealStateBadge state={o.dealState} />
          </span>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            {t('listings.card.offered')}{' '}
            <strong className="text-brand-700 dark:text-brand-300">
              {formatPercent(o.offeredPercentage, lng)}
            </strong>
          </span>
        </div>
      </article>
    );
  }

  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="relative aspect-[16/9] bg-slate-100 dark:bg-slate-800">
        {o.coverImage ? (
          <img
            src={o.coverImage}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400 dark:text-slate-500">
            <Store aria-hidden="true" className="size-10" />
          </div>
        )}
        <span className="absolute start-3 top-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-slate-800 shadow-sm dark:bg-slate-950/90 dark:text-slate-100">
          {t(`listings.type.${o.type}`)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="-mt-10 flex items-end gap-3">
          <OpportunityLogo logo={o.logo} className="size-14 shadow-sm" />
          {o.isVerified ? <VerifiedBadge className="mb-1" /> : null}
          <DealStateBadge state={o.dealState} className="mb-1" />
        </div>
        <div className="min-w-0">
          <h3 className="line-clamp-2 font-bold text-slate-900 dark:text-white" dir="auto">
            {link}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {localized(o.businessType.nameAR, o.businessType.nameEN, lng)}
          </p>
        </div>
        <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
          <MapPin aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{place}</span>
        </p>
        <dl className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('listings.card.requiredAmount')}</dt>
            <dd className="font-bold text-slate-900 dark:text-white">
              {formatCompactCurrency(o.requiredAmount, lng)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('listings.card.offeredPercentage')}</dt>
            <dd className="font-bold text-brand-700 dark:text-brand-300">
              {formatPercent(o.offeredPercentage, lng)}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
