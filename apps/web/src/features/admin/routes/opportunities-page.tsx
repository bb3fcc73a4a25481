import { useLanguage, useTranslation } from '@/lib/use-translation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OPPORTUNITY_STATUSES, type OpportunityStatus } from '@safqa/shared/constants';
import { formatNumber } from '@/lib/format';
import { useModerationQueue } from '../api/get-moderation-queue';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { ListMore } from '../components/list-more';
import { ModerationCard } from '../components/moderation-card';
import { PageHeader } from '../components/page-header';
import { oneOf, useQueryParams } from '../components/use-query-params';

/**
 * /admin/opportunities?status=: the moderation queue, a tab per status with its count ("10,000+"
 * past the server's counting cap), walked by "show more" rather than numbered pages.
 */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { params, update } = useQueryParams();
  const status = oneOf<OpportunityStatus>(params.get('status'), OPPORTUNITY_STATUSES);
  const queue = useModerationQueue(status);
  const first = queue.data?.pages[0];
  const counts = first?.counts;
  // The tabs' sizes come with the first page; a listing decided meanwhile may be on two loaded pages.
  const seen = new Set<number>();
  const listings = (queue.data?.pages ?? [])
    .flatMap((page) => page.data)
    .filter((o) => (seen.has(o.id) ? false : (seen.add(o.id), true)));

  return (
    <>
      <PageHeader title={t('admin.moderation.title')} description={t('admin.moderation.subtitle')} />
      <Tabs value={status} onValueChange={(value) => update({ status: value })} className="grid gap-4">
        <TabsList aria-label={t('admin.moderation.tabs')} className="grid grid-cols-2 sm:flex sm:flex-wrap">
          {OPPORTUNITY_STATUSES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`admin.status.${value}`)}
              {counts ? (
                <span className="rounded-full bg-white/80 px-2 text-xs text-slate-900 tabular-nums">
                  {first?.countsCapped?.includes(value)
                    ? t('admin.moderation.countCapped', { formatted: formatNumber(counts[value], lng) })
                    : formatNumber(counts[value], lng)}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={status} className="grid gap-4">
          {queue.isPending ? (
            <LoadingState />
          ) : queue.isError ? (
            <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
          ) : listings.length === 0 ? (
            <EmptyState title={t(`admin.moderation.empty.${status}`)} />
          ) : (
            <>
              <h2 className="sr-only">{t(`admin.status.${status}`)}</h2>
              <div className="grid gap-3" aria-busy={queue.isFetching || undefined}>
                {listings.map((opportunity) => (
                  <ModerationCard key={opportunity.id} opportunity={opportunity} />
                ))}
              </div>
              <ListMore
                hasMore={queue.hasNextPage}
                loading={queue.isFetchingNextPage}
                failed={queue.isFetchNextPageError}
                showEnd={queue.data.pages.length > 1}
                onLoadMore={() => void queue.fetchNextPage()}
              />
            </>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
