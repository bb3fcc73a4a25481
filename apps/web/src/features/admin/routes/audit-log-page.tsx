import { Pager } from '@/components/pager';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import type { AuditLogEntry } from '@safqa/shared/validation/audit';
import { useAuditLog, type AuditLogFilters } from '../api/get-audit-log';
import { AuditFilters } from '../components/audit-filters';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { ScrollRegion } from '../components/scroll-region';
import { useQueryParams } from '../components/use-query-params';

const th = 'px-3 py-2.5 text-start text-xs font-semibold text-slate-700 dark:text-slate-300';
const td = 'px-3 py-2.5 align-top';
const FILTERS = ['action', 'targetType', 'targetId', 'actorId', 'from', 'to'] as const;

/** The action's name in the reader's language; an action this screen does not know shows as recorded. */
function useActionLabel() {
  const { t } = useTranslation();
  return (action: string) => t(`admin.audit.actions.${action}`, { defaultValue: action });
}

function Details({ entry }: { entry: AuditLogEntry }) {
  const pairs = Object.entries(entry.details);
  if (!pairs.length) return null;
  return (
    <dl className="grid gap-0.5 text-xs text-slate-600 dark:text-slate-400">
      {pairs.map(([key, value]) => (
        <div key={key} className="flex flex-wrap gap-1">
          <dt className="font-semibold">{key}:</dt>
          <dd dir="auto" className="break-all">
            <bdi>{typeof value === 'string' ? value : JSON.stringify(value)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** /admin/audit-log: every admin write and security event, newest first, filtered in the address. */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const actionLabel = useActionLabel();
  const { params, update, page } = useQueryParams();
  const filters = Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? ''])) as Omit<
    AuditLogFilters,
    'page'
  >;
  const filtered = FILTERS.some((key) => filters[key] !== '');
  const log = useAuditLog({ ...filters, page });

  return (
    <>
      <PageHeader title={t('admin.audit.title')} description={t('admin.audit.subtitle')} />
      <AuditFilters
        key={params.toString()}
        value={filters}
        onApply={(next) => update({ ...next, page: null })}
      />
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.data.length === 0 ? (
        <EmptyState title={filtered ? t('admin.audit.noResults') : t('admin.audit.empty')} />
      ) : (
        <>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {t('admin.audit.count', {
              count: log.data.pagination.total,
              formatted: formatNumber(log.data.pagination.total, lng),
            })}
          </p>
          <ScrollRegion label={t('admin.audit.title')}>
            <table className="w-full min-w-[48rem] text-sm" aria-busy={log.isFetching || undefined}>
              <caption className="sr-only">{t('admin.audit.title')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
                <tr>
                  <th scope="col" className={th}>
                    {t('admin.audit.action')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.audit.actor')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.audit.target')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.audit.details')}
                  </th>
                  <th scope="col" className={th}>
                    {t('admin.audit.ip')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {log.data.data.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" className={`${td} text-start font-normal`}>
                      <span className="block font-semibold text-slate-900 dark:text-white">
                        {actionLabel(entry.action)}
                      </span>
                      <time dateTime={entry.createdAt} className="block text-slate-600 dark:text-slate-400">
                        {formatDateTime(entry.createdAt, lng)}
                      </time>
                    </th>
                    <td className={td}>
                      {entry.actor ? (
                        <>
                          <bdi className="block">{entry.actor.username}</bdi>
                          <span className="block text-xs text-slate-600 dark:text-slate-400">
                            #{formatNumber(entry.actor.id, lng)}
                          </span>
                        </>
                      ) : (
                        t('admin.audit.system')
                      )}
                    </td>
                    <td className={td}>
                      {t(`admin.audit.targets.${entry.targetType}`, { defaultValue: entry.targetType })}
                      {entry.targetId ? (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">
                          #<bdi dir="ltr">{entry.targetId}</bdi>
                        </span>
                      ) : null}
                    </td>
                    <td className={td}>
                      <Details entry={entry} />
                    </td>
                    <td className={td}>{entry.ip ? <bdi dir="ltr">{entry.ip}</bdi> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            page={log.data.pagination.page}
            totalPages={log.data.pagination.totalPages}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
