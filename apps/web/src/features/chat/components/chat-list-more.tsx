import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';

interface ChatListMoreProps {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** More than one page was loaded: say the list ends, so the reader knows nothing is hidden. */
  showEnd: boolean;
  onLoadMore: () => void;
}

/** The foot of the chat list: load the next page, its progress, its failure (retry) or the end. */
export function ChatListMore({ hasMore, loading, failed, showEnd, onLoadMore }: ChatListMoreProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-2 border-t border-slate-200 px-4 py-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400"
      >
        <SpinnerIcon />
        {t('chat.loadingMore')}
      </p>
    );
  }
  if (failed) {
    return (
      <div className="grid gap-3 border-t border-slate-200 p-4 sm:px-6 dark:border-slate-800">
        <Alert variant="error" title={t('chat.loadMoreFailed')} />
        <div>
          <Button variant="secondary" onClick={onLoadMore}>
            {t('chat.retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (hasMore) {
    return (
      <div className="flex justify-center border-t border-slate-200 px-4 py-4 dark:border-slate-800">
        <Button variant="secondary" onClick={onLoadMore}>
          {t('chat.loadMore')}
        </Button>
      </div>
    );
  }
  if (!showEnd) return null;
  return (
    <p className="border-t border-slate-200 px-4 py-4 text-center text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400">
      {t('chat.end')}
    </p>
  );
}
