import { useLanguage, useTranslation } from '@/lib/use-translation';
import { formatDateTime } from '@/lib/format';
import { useStatusHistory } from '../api/get-status-history';
import { ErrorState, LoadingState } from './list-states';
import { StatusBadge } from './status-badge';

/** Every status change of a listing, newest first: to which status, from which, by whom, when, why. */
export function StatusHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const history = useStatusHistory(id);
  return (
    <section aria-labelledby="status-history" className="grid gap-3">
      <h2 id="status-history" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('admin.review.history')}
      </h2>
      {history.isPending ? (
        <LoadingState />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <ol className="grid gap-3 border-s-2 border-slate-200 ps-4 dark:border-slate-700">
          {[...history.data].reverse().map((entry) => (
            <li key={entry.id} className="grid gap-1">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <StatusBadge status={entry.toStatus} />
                {entry.fromStatus ? (
                  <span className="text-slate-600 dark:text-slate-400">
                    {t('admin.review.from', { status: t(`admin.status.${entry.fromStatus}`) })}
                  </span>
                ) : null}
              </div>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t('admin.review.byLabel')}{' '}
                <bdi>{entry.changedBy?.username ?? t('admin.review.unknownUser')}</bdi> ·{' '}
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, lng)}</time>
              </p>
              {entry.reason && entry.reason !== 'created' && entry.reason !== 'edited' ? (
                <p className="text-sm text-slate-800 dark:text-slate-200">
                  <span className="font-semibold">{t('admin.moderation.reasonLabel')}: </span>
                  <bdi>{entry.reason}</bdi>
                </p>
              ) : entry.reason ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`admin.review.reasons.${entry.reason}`)}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
