import { useRef, useState } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { Link, useNavigate } from 'react-router';
import Check from 'lucide-react/icons/check';
import MessageCircle from 'lucide-react/icons/message-circle';
import X from 'lucide-react/icons/x';
import { OFFER_REASONS, type Offer } from '@safqa/shared/validation/offers';
import { BlockUserButton } from '@/components/block-user-button';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner, SpinnerIcon } from '@/components/ui/spinner';
import { VerifiedBuyerBadge } from '@/components/verified-buyer-badge';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { useAreas } from '@/lib/use-areas';
import { useDecideOffer } from '../api/decide-offer';
import { useMessageInvestor } from '../api/message-investor';
import { useOpportunityOffers } from '../api/get-opportunity-offers';
import { DecisionDialog } from './decision-dialog';
import { OfferStatusBadge } from './offer-status-badge';
import { Pager } from '@/components/pager';

export interface ReceivedOffersProps {
  opportunityId: number;
  className?: string;
}

function OfferCard({ offer, opportunityId }: { offer: Offer; opportunityId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const decide = useDecideOffer(opportunityId);
  const chat = useMessageInvestor();
  const [asking, setAsking] = useState<'accepted' | 'declined' | null>(null);
  // Accept and Decline go away once the offer is decided: the dialog then gives the focus to the
  // card (which now says the new status) instead of letting it fall on the body.
  const card = useRef<HTMLElement>(null);
  const focusAfter = useRef<HTMLElement | null>(null);

  const onDecide = (status: 'accepted' | 'declined', note: string) =>
    decide.mutate(
      { offerId: offer.id, status, note },
      {
        onSuccess: () => {
          focusAfter.current = card.current;
          setAsking(null);
          toast({ title: t('offers.received.decided') });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('offers.received.decideFailed'),
            description: serverMessage(error) ?? undefined,
          }),
      },
    );

  return (
    <article
      ref={card}
      tabIndex={-1}
      aria-labelledby={`offer-${offer.id}-name`}
      className="grid gap-3 rounded-xl border border-slate-200 p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-800"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`offer-${offer.id}-name`} className="font-bold text-slate-900 dark:text-white" dir="auto">
            {offer.name}
          </h3>
          {offer.buyerVerified ? <VerifiedBuyerBadge /> : null}
        </div>
        <OfferStatusBadge status={offer.status} />
      </header>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500 dark:text-slate-400">{t('offers.received.phone')}</dt>
        <dd>
          <a
            href={`tel:+${offer.phone}`}
            dir="ltr"
            className="text-brand-700 hover:underline dark:text-brand-300"
          >
            +{offer.phone}
          </a>
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('offers.received.email')}</dt>
        <dd>
          <a
            href={`mailto:${offer.email}`}
            dir="ltr"
            className="break-all text-brand-700 hover:underline dark:text-brand-300"
          >
            {offer.email}
          </a>
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('offers.received.amount')}</dt>
        <dd className="font-semibold text-slate-900 dark:text-white">
          {offer.amount === null ? t('offers.received.noAmount') : formatCurrency(offer.amount, lng)}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{t('offers.received.reasons')}</dt>
        <dd>
          <ul className="flex flex-wrap gap-1.5">
            {OFFER_REASONS.filter((reason) => offer.reasons[reason]).map((reason) => (
              <li
                key={reason}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300"
              >
                {t(`offers.reasons.${reason}`)}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <p
        dir="auto"
        className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-800/60 dark:text-slate-200"
      >
        {offer.message}
      </p>
      {offer.note ? (
        <div className="grid gap-1 text-sm">
          <p className="text-slate-500 dark:text-slate-400">{t('offers.received.yourNote')}</p>
          <p dir="auto" className="break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
            {offer.note}
          </p>
        </div>
      ) : null}
      <footer className="flex flex-wrap items-center justify-between gap-3">
        <time dateTime={offer.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
          {t('offers.received.receivedOn', { date: formatDateTime(offer.createdAt, lng) })}
        </time>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={chat.isPending}
            aria-busy={chat.isPending || undefined}
            aria-describedby={`offer-${offer.id}-name`}
            onClick={() =>
              chat.mutate(
                { opportunityId, userId: offer.userId },
                {
                  onSuccess: ({ chat: opened }) => void navigate(`/profile/chats/${opened.id}`),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: t('offers.received.messageFailed'),
                      description: serverMessage(error) ?? undefined,
                    }),
                },
              )
            }
          >
            {chat.isPending ? <SpinnerIcon /> : <MessageCircle aria-hidden="true" className="size-4" />}
            {t('offers.received.message')}
          </Button>
          <BlockUserButton userId={offer.userId} username={offer.name} />
          {offer.status === 'new' ? (
            <>
              <Button size="sm" onClick={() => setAsking('accepted')} aria-haspopup="dialog">
                <Check aria-hidden="true" className="size-4" />
                {t('offers.received.accept')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setAsking('declined')}
                aria-haspopup="dialog"
              >
                <X aria-hidden="true" className="size-4" />
                {t('offers.received.decline')}
              </Button>
            </>
          ) : null}
          {offer.status === 'accepted' ? (
            <Link to="/profile?tab=deals" className={buttonClasses('secondary', 'sm')}>
              {t('offers.received.deal')}
            </Link>
          ) : null}
        </div>
      </footer>
      {offer.status === 'new' ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('offers.received.finalHint')}</p>
      ) : null}
      <DecisionDialog
        status={asking}
        investorName={offer.name}
        pending={decide.isPending}
        focusAfter={focusAfter}
        onCancel={() => setAsking(null)}
        onConfirm={(note) => asking && onDecide(asking, note)}
      />
    </article>
  );
}

/**
 * Offers received on one opportunity, for its owner on the opportunity page: who, how to reach
 * them, how much and why, with Accept and Decline while an offer is new. Paged, newest first.
 */
export function ReceivedOffers({ opportunityId, className }: ReceivedOffersProps) {
  const ready = useAreas(['offers']);
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const offers = useOpportunityOffers(opportunityId, page);
  if (!ready) return null;
  const total = offers.data?.pagination.total ?? 0;

  return (
    <section id="offers" aria-labelledby="received-offers-title" className={`grid gap-4 ${className ?? ''}`}>
      <h2 id="received-offers-title" className="text-xl font-bold text-slate-900 dark:text-white">
        {t('offers.received.title')}
        {offers.data ? (
          <span className="ms-2 text-base font-normal text-slate-500 dark:text-slate-400">
            ({t('offers.received.count', { count: total })})
          </span>
        ) : null}
      </h2>
      {offers.isPending ? <Spinner /> : null}
      {offers.isError ? (
        <Alert variant="error" title={t('offers.received.loadFailed')}>
          {serverMessage(offers.error)}{' '}
          <Button variant="ghost" size="sm" onClick={() => void offers.refetch()}>
            {t('offers.received.retry')}
          </Button>
        </Alert>
      ) : null}
      {offers.data && total === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('offers.received.empty')}</p>
      ) : null}
      {offers.data?.data.map((offer) => (
        <OfferCard key={offer.id} offer={offer} opportunityId={opportunityId} />
      ))}
      {offers.data ? (
        <Pager page={page} totalPages={offers.data.pagination.totalPages} onPage={setPage} />
      ) : null}
    </section>
  );
}
