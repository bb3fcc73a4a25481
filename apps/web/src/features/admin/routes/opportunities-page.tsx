import { useLanguage, useTranslation } from '@/lib/use-translation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OPPORTUNITY_STATUSES, type OpportunityStatus } from '@safqa/shared/constants';
import { Pager } from '@/components/pager';
import { formatNumber } from '@/lib/format';
import { useModerationQueue } from '../api/get-moderation-queue';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { ModerationCard } from '../components/moderation-card';
import { PageHeader } from '../components/page-header';
import { oneOf, useQueryParams } from '../components/use-query-params';

/** /admin/opportunities?status=&page=: the moderation queue, a tab per status with its count. */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { params, update, page } = useQueryParams();
  const status = oneOf<OpportunityStatus>(params.get('status'), OPPORTUNITY_STATUSES);
  const queue = useModerationQueue(status, page);
  const counts = queue.data?.counts;

  return (
    <>
      <PageHeader title={t('admin.moderation.title')} description={t('admin.moderation.subtitle')} />
      <Tabs
        value={status}
        onValueChange={(value) => update({ status: value, page: null })}
        className="grid gap-4"
      >
        <TabsList aria-label={t('admin.moderation.tabs')} className="grid grid-cols-2 sm:flex sm:flex-wrap">
          {OPPORTUNITY_STATUSES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`admin.status.${value}`)}
              {counts ? (
                <span className="rounded-full bg-white/80 px-2 text-xs text-slate-900 tabular-nums">
                  {formatNumber(counts[value], lng)}
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
          ) : queue.data.data.length === 0 ? (
            <EmptyState title={t(`admin.moderation.empty.${status}`)} />
          ) : (
            <>
              <h2 className="sr-only">{t(`admin.status.${status}`)}</h2>
              <div className="grid gap-3" aria-busy={queue.isFetching || undefined}>
                {queue.data.data.map((opportunity) => (
                  <ModerationCard key={opportunity.id} opportunity={opportunity} />
                ))}
              </div>
              <Pager
                page={queue.data.pagination.page}
                totalPages={queue.data.pagination.totalPages}
                onPage={(next) => update({ page: next })}
              />
            </>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
