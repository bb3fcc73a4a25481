import { useTranslation } from '@/lib/use-translation';
import * as Tabs from 'radix-ui/tabs';
import { REPORT_STATUSES, type ReportStatus } from '@safqa/shared/validation/reports';
import { Pager } from '@/components/pager';
import { useAdminReports } from '../api/get-reports';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { ReportCard } from '../components/report-card';
import { oneOf, useQueryParams } from '../components/use-query-params';

const tabClasses =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-brand-700 data-[state=active]:text-white dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-brand-500 dark:data-[state=active]:text-slate-950';

/** /admin/reports?status=&page=: reports of listings, users and messages, open ones first-come first. */
export function Component() {
  const { t } = useTranslation();
  const { params, update, page } = useQueryParams();
  const status = oneOf<ReportStatus>(params.get('status'), REPORT_STATUSES);
  const reports = useAdminReports(status, page);

  return (
    <>
      <PageHeader title={t('admin.reports.title')} description={t('admin.reports.subtitle')} />
      <Tabs.Root
        value={status}
        onValueChange={(value) => update({ status: value, page: null })}
        className="grid gap-4"
      >
        <Tabs.List
          aria-label={t('admin.reports.tabs')}
          className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-900"
        >
          {REPORT_STATUSES.map((value) => (
            <Tabs.Trigger key={value} value={value} className={tabClasses}>
              {t(`admin.reports.statuses.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content
          value={status}
          className="grid gap-4 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
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
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
