import { useLanguage, useTranslation } from '@/lib/use-translation';
import Check from 'lucide-react/icons/check';
import Undo2 from 'lucide-react/icons/undo-2';
import type { AdminErrorLog } from '@safqa/shared/validation/error-logs';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useErrorLogs, type ErrorLogRange, type ResolvedFilter } from '../api/get-error-logs';
import { useSetResolved } from '../api/set-error-log-resolved';
import { EmptyState, ErrorState, LoadingState } from './list-states';
import { Card } from '@/components/ui/card';

/** The list tab: newest first, the stack trace behind a disclosure, resolved or not with one click. */
export function ErrorLogList({
  days,
  resolved,
  page,
  onPage,
}: {
  days: ErrorLogRange;
  resolved: ResolvedFilter;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const logs = useErrorLogs(days, resolved, page);
  if (logs.isPending) return <LoadingState />;
  if (logs.isError) return <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />;
  if (logs.data.data.length === 0) {
    return <EmptyState title={t(`admin.errors.empty.${resolved}`)} hint={t('admin.errors.emptyHint')} />;
  }
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-busy={logs.isFetching || undefined}>
        {logs.data.data.map((log) => (
          <ErrorLogItem key={log.id} log={log} />
        ))}
      </ul>
      <Pager page={logs.data.pagination.page} totalPages={logs.data.pagination.totalPages} onPage={onPage} />
    </div>
  );
}

function ErrorLogItem({ log }: { log: AdminErrorLog }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const setResolved = useSetResolved();
  const toggle = () =>
    setResolved.mutate(
      { id: log.id, resolved: !log.resolved },
      {
        onSuccess: () =>
          toast({
            title: t(log.resolved ? 'admin.errors.reopened' : 'admin.errors.resolvedDone'),
            size: 'sm',
          }),
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: t('admin.errors.updateFailed'),
            description: serverMessage(failure) ?? undefined,
          }),
      },
    );
  return (
    <Card as="li" className="grid gap-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <p dir="ltr" className="text-start font-semibold break-words text-slate-900 dark:text-white">
            {log.message}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <bdi dir="ltr" className="font-mono">
              {log.endpoint}
            </bdi>
            <span aria-hidden="true">·</span>
            <time dateTime={log.date}>{formatDateTime(log.date, lng)}</time>
            <span className="rounded-full bg-slate-100 px-2 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {t(`admin.errors.source.${log.source}`)}
            </span>
            <span
              className={cn(
                'rounded-full px-2 text-xs font-semibold',
                log.resolved
                  ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'
                  : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
              )}
            >
              {t(log.resolved ? 'admin.errors.isResolved' : 'admin.errors.isUnresolved')}
            </span>
          </p>
        </div>
        <Button
          variant={log.resolved ? 'secondary' : 'primary'}
          size="sm"
          onClick={toggle}
          disabled={setResolved.isPending}
          aria-busy={setResolved.isPending || undefined}
        >
          {setResolved.isPending ? (
            <SpinnerIcon />
          ) : log.resolved ? (
            <Undo2 aria-hidden="true" className="size-4" />
          ) : (
            <Check aria-hidden="true" className="size-4" />
          )}
          {t(log.resolved ? 'admin.errors.markUnresolved' : 'admin.errors.markResolved')}
        </Button>
      </div>
      {log.stackTrace ? (
        <details className="group rounded-lg bg-slate-50 dark:bg-slate-950">
          <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-300">
            {t('admin.errors.stackTrace')}
          </summary>
          <pre
            dir="ltr"
            tabIndex={0}
            className="max-h-80 overflow-auto px-3 pb-3 text-start text-xs leading-relaxed whitespace-pre text-slate-800 dark:text-slate-200"
          >
            {log.stackTrace}
          </pre>
        </details>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('admin.errors.noStack')}</p>
      )}
    </Card>
  );
}
