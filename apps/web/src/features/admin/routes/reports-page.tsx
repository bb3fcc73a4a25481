import { useTranslation } from '@/lib/use-translation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { REPORT_STATUSES, type ReportStatus } from '@safqa/shared/validation/reports';
import { Pager } from '@/components/pager';
import { useAdminReports } from '../api/get-reports';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { ReportCard } from '../components/report-card';
import { oneOf, useQueryParams } from '../components/use-query-params';

/** /admin/reports?status=&page=: reports of listings, users and messages, open ones first-come first. */
export function Component() {
  const { t } = useTranslation();
  const { params, update, page } = useQueryParams();
  const status = oneOf<ReportStatus>(params.get('status'), REPORT_STATUSES);
  const reports = useAdminReports(status, page);

  return (
    <>
      <PageHeader title={t('admin.reports.title')} description={t('admin.reports.subtitle')} />
      <Tabs
        value={status}
        onValueChange={(value) => update({ status: value, page: null })}
        className="grid gap-4"
      >
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
          ) : reports.data.data.length === 0 ? (
            <EmptyState title={t(`admin.reports.empty.${status}`)} />
          ) : (
            <>
              <h2 className="sr-only">{t(`admin.reports.statuses.${status}`)}</h2>
              <div className="grid gap-3" aria-busy={reports.isFetching || undefined}>
                {reports.data.data.map((report) => (
                  <ReportCard key={report.id} report={report} />
                ))}
              </div>
              <Pager
                page={reports.data.pagination.page}
                totalPages={reports.data.pagination.totalPages}
                onPage={(next) => update({ page: next })}
              />
            </>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
