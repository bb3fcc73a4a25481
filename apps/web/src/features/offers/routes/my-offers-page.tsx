import { useState } from 'react';
import { useSearchParams, Link } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import HandCoins from 'lucide-react/icons/hand-coins';
import Store from 'lucide-react/icons/store';
import type { MyOffer } from '@safqa/shared/validation/offers';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { formatCurrency, formatDate } from '@/lib/format';
import { useMyOffers } from '../api/get-my-offers';
import { OfferStatusBadge } from '../components/offer-status-badge';
import { OwnerNote } from '../components/owner-note';
import { Pager } from '@/components/pager';

function MyOfferItem({ offer }: { offer: MyOffer }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const card = offer.opportunity;
  const name = lng === 'ar' ? card.opportunityNameAr : card.opportunityName;
  const place = [
    lng === 'ar' ? card.city.nameAR : card.city.nameEN,
    lng === 'ar' ? card.region.nameAR : card.region.nameEN,
  ].join(lng === 'ar' ? '، ' : ', ');
  const [imageFailed, setImageFailed] = useState(false);
  const image = imageFailed ? null : (card.logo ?? card.coverImage);
  return (
    <li className="flex gap-4 p-4 sm:p-5">
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
        {image ? (
          <img
            src={image}
            alt=""
            className="size-full object-cover"
            loading="lazy"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <Store aria-hidden="true" className="size-7 text-slate-400" />
        )}
      </div>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="truncate font-bold text-slate-900 dark:text-white" dir="auto">
            <Link
              to={`/opportunities/${card.id}`}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {name}
            </Link>
          </h2>
          <OfferStatusBadge status={offer.status} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {lng === 'ar' ? card.businessType.nameAR : card.businessType.nameEN} · {place}
        </p>
        <p className="text-sm text-slate-800 dark:text-slate-200">
          {offer.amount === null
            ? t('offers.mine.noAmount')
            : t('offers.mine.amount', { amount: formatCurrency(offer.amount, lng) })}
        </p>
        <p dir="auto" className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">
          {offer.message}
        </p>
        {offer.note ? <OwnerNote note={offer.note} /> : null}
        {offer.status === 'accepted' ? (
          <Link
            to="/profile?tab=deals"
            className="text-sm font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {t('offers.mine.deal')}
          </Link>
        ) : null}
        <time dateTime={offer.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
          {t('offers.mine.sentOn', { date: formatDate(offer.createdAt, lng) })}
        </time>
      </div>
    </li>
  );
}

/** /profile/my-offers: the offers the user made, newest first, with the owner's decision. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const offers = useMyOffers(page);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('offers.mine.title')} | ${t('common.appName')}`}</title>
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white">
        {t('offers.mine.title')}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('offers.mine.subtitle')}</p>
      <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {offers.isPending ? <Spinner /> : null}
        {offers.isError ? (
          <div className="grid gap-3 p-6">
            <Alert variant="error" title={t('offers.mine.loadFailed')}>
              {serverMessage(offers.error)}
            </Alert>
            <div>
              <Button variant="secondary" onClick={() => void offers.refetch()}>
                {t('offers.mine.retry')}
              </Button>
            </div>
          </div>
        ) : null}
        {offers.data && offers.data.data.length === 0 ? (
          <div className="grid justify-items-center gap-3 px-6 py-14 text-center">
            <HandCoins aria-hidden="true" className="size-10 text-slate-400" />
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('offers.mine.empty')}</h2>
            <p className="max-w-sm text-sm text-slate-600 dark:text-slate-400">
              {t('offers.mine.emptyBody')}
            </p>
            <Link to="/search" className={buttonClasses('primary', 'md', 'mt-2')}>
              {t('offers.mine.browse')}
            </Link>
          </div>
        ) : null}
        {offers.data && offers.data.data.length > 0 ? (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {offers.data.data.map((offer) => (
              <MyOfferItem key={offer.id} offer={offer} />
            ))}
          </ul>
        ) : null}
      </div>
      {offers.data ? (
        <div className="mt-4">
          <Pager
            page={page}
            totalPages={offers.data.pagination.totalPages}
            onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          />
        </div>
      ) : null}
    </div>
  );
}
