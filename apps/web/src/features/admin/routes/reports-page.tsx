import { useTranslation } from '@/lib/use-translation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { REPORT_STATUSES, type ReportStatus } from '@safqa/shared/validation/reports';
import { useAdminReports } from '../api/get-reports';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { ListMore } from '../components/list-more';
import { PageHeader } from '../components/page-header';
import { ReportCard } from '../components/report-card';
import { oneOf, useQueryParams } from '../components/use-query-params';

/**
 * /admin/reports?status=: reports of listings, users and messages, open ones first-come first,
 * walked by "show more" (a cursor) rather than numbered pages.
 */
export function Component() {
  const { t } = useTranslation();
  const { params, update } = useQueryParams();
  const status = oneOf<ReportStatus>(params.get('status'), REPORT_STATUSES);
  const reports = useAdminReports(status);
  // A report decided between two page loads may be on both.
  const seen = new Set<number>();
  const loaded = (reports.data?.pages ?? [])
    .flatMap((page) => page.data)
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));

  return (
    <>
      <PageHeader title={t('admin.reports.title')} description={t('admin.reports.subtitle')} />
      <Tabs value={status} onValueChange={(value) => update({ status: value })} className="grid gap-4">
        <TabsList aria-label={t('admin.reports.tabs')} className="flex flex-wrap">
          {REPORT_STATUSES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`admin.reports.statuses.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={status} className="grid gap-4">
          {reports.isPending ? (
            <LoadingState />
          ) : reports.isError ? (
            <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
          ) : loaded.length === 0 ? (
            <EmptyState title={t(`admin.reports.empty.${status}`)} />
          ) : (
            <>
              <h2 className="sr-only">{t(`admin.reports.statuses.${status}`)}</h2>
              <div className="grid gap-3" aria-busy={reports.isFetching || undefined}>
                {loaded.map((report) => (
                  <ReportCard key={report.id} report={report} />
                ))}
              </div>
              <ListMore
                hasMore={reports.hasNextPage}
                loading={reports.isFetchingNextPage}
                failed={reports.isFetchNextPageError}
                showEnd={reports.data.pages.length > 1}
                onLoadMore={() => void reports.fetchNextPage()}
              />
            </>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
