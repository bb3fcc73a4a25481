import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';

interface ListMoreProps {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** More than one page was loaded: say the list ends, so the reader knows nothing is hidden. */
  showEnd: boolean;
  onLoadMore: () => void;
}

/**
 * The foot of an admin list walked by cursor (API.md "Paged lists"): load the next page, its
 * progress, its failure (retry) or the end. No page count: past 10,000 rows the server stops
 * counting, and a cursor cannot jump to page 40 anyway.
 */
export function ListMore({ hasMore, loading, failed, showEnd, onLoadMore }: ListMoreProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 py-4 text-sm text-slate-600 dark:text-slate-400"
      >
        <SpinnerIcon />
        {t('admin.states.loadingMore')}
      </p>
    );
  }
  if (failed) {
    return (
      <div className="grid gap-3">
        <Alert variant="error" title={t('admin.states.loadMoreFailed')} />
        <div>
          <Button variant="secondary" onClick={onLoadMore}>
            {t('admin.states.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (hasMore) {
    return (
      <div className="flex justify-center py-2">
        <Button variant="secondary" onClick={onLoadMore}>
          {t('admin.states.loadMore')}
        </Button>
      </div>
    );
  }
  if (!showEnd) return null;
  return (
    <p className="py-4 text-center text-sm text-slate-500 dark:text-slate-400">{t('admin.states.end')}</p>
  );
}
