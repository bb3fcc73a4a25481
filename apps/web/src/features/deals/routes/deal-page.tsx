import { Link, useNavigate, useParams } from 'react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { ErrorState, RowsSkeleton } from '@/components/list-states';
import { DealStateBadge } from '@/components/opportunity-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { isRowId, parseRowId } from '@/lib/opportunity-id';
import { UnavailableNotice } from '@/components/unavailable-notice';
import { formatCurrency, formatDate } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useDeal } from '../api/get-deal';
import { useOpenDealChat } from '../api/open-chat';
import { ChecklistSection } from '../components/checklist-section';
import { DealStageBadge } from '../components/deal-stage-badge';
import { DealTimeline } from '../components/deal-timeline';
import { LoiSection } from '../components/loi-section';
import { StageActions } from '../components/stage-actions';

/** /deals/:id: one deal for its two parties (and admins, read only). */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const navigate = useNavigate();
  const id = parseRowId(useParams().id);
  const deal = useDeal(id);
  const chat = useOpenDealChat();

  if (!isRowId(id)) {
    return (
      <UnavailableNotice
        title={t('deals.page.notFound')}
        body={t('deals.page.notFoundBody')}
        to="/profile?tab=deals"
        action={t('deals.page.back')}
      />
    );
  }

  if (deal.isPending) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <RowsSkeleton rows={4} />
      </div>
    );
  }
  if (deal.isError) {
    const missing = isApiError(deal.error) && deal.error.status === 404;
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <title>{`${t('deals.page.loadFailed')} | ${t('common.appName')}`}</title>
        <h1 className="sr-only">{t('deals.page.loadFailed')}</h1>
        <ErrorState
          title={missing ? t('deals.page.notFound') : t('deals.page.loadFailed')}
          error={deal.error}
          onRetry={missing ? undefined : () => void deal.refetch()}
        />
      </div>
    );
  }
  const d = deal.data;
  const name = lng === 'ar' ? d.opportunity.opportunityNameAr : d.opportunity.opportunityName;
  const party = (side: 'seller' | 'buyer') => (
    <div>
      <dt className="text-slate-600 dark:text-slate-400">{t(`deals.page.${side}`)}</dt>
      <dd className="font-semibold">
        <bdi>{d[side].username}</bdi>
        {d.you === side ? ` (${t('deals.page.you')})` : ''}
      </dd>
    </div>
  );
  const openChat = () =>
    chat.mutate(
      { opportunityId: d.opportunity.id, userId: d.you === 'seller' ? d.buyer.id : undefined },
      { onSuccess: ({ chat: opened }) => void navigate(`/profile/chats/${opened.id}`) },
    );

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <title>{`${t('deals.page.title', { name })} | ${t('common.appName')}`}</title>
      <Link
        to="/profile?tab=deals"
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline dark:text-brand-300"
      >
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t('deals.page.back')}
      </Link>
      <Card className="grid gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <DealStageBadge stage={d.stage} />
          <DealStateBadge state={d.opportunity.dealState} />
        </div>
        <h1 className="text-2xl font-extrabold text-slate-900 dark:text-white" dir="auto">
          {t('deals.page.title', { name })}
        </h1>
        <Link
          to={`/opportunities/${d.opportunity.id}`}
          className="text-sm text-brand-700 underline dark:text-brand-300"
        >
          {t('deals.page.listing')}
        </Link>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          {party('seller')}
          {party('buyer')}
          <div>
            <dt className="text-slate-600 dark:text-slate-400">{t('deals.page.offer')}</dt>
            <dd className="font-semibold">
              {d.offer.amount === null ? '-' : formatCurrency(d.offer.amount, lng)}
            </dd>
          </div>
          {d.dueDiligenceEndsAt && d.stage === 'due_diligence' ? (
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('deals.stage.due_diligence')}</dt>
              <dd className="font-semibold">
                {t('deals.page.dueDiligenceEnds', { date: formatDate(d.dueDiligenceEndsAt, lng) })}
              </dd>
            </div>
          ) : null}
        </dl>
        {d.you ? (
          <div>
            <Button variant="secondary" disabled={chat.isPending} onClick={openChat}>
              <MessagesSquare aria-hidden="true" className="size-4" />
              {t('deals.page.chat')}
            </Button>
          </div>
        ) : null}
      </Card>
      <LoiSection deal={d} />
      <ChecklistSection deal={d} />
      <StageActions deal={d} />
      <DealTimeline deal={d} />
    </div>
  );
}
