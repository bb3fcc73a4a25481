import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useSetBlocked } from '@/lib/block-user';
import { formatDate } from '@/lib/format';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import type { BlockedUser } from '@safqa/shared/validation/blocks';
import { useBlocks } from '../api/get-blocks';

/** The "Blocked users" tab of /profile (API.md "Trust and safety"): who the user blocked, and Unblock. */
export function Component() {
  const { t } = useTranslation();
  const blocks = useBlocks();
  return (
    <div>
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('trust.blocks.title')}</h2>
      <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">{t('trust.blocks.intro')}</p>
      {blocks.isPending ? (
        <RowsSkeleton />
      ) : blocks.isError ? (
        <ErrorState error={blocks.error} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.data.length === 0 ? (
        <EmptyState title={t('trust.blocks.emptyTitle')} body={t('trust.blocks.emptyBody')} />
      ) : (
        <ul className="grid gap-3">
          {blocks.data.data.map((block) => (
            <BlockedRow key={block.user.id} block={block} />
          ))}
        </ul>
      )}
    </div>
  );
}

function BlockedRow({ block }: { block: BlockedUser }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const unblock = useSetBlocked();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="min-w-0">
        <p className="font-bold break-words text-slate-900 dark:text-white" dir="auto">
          {block.user.username}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('trust.blocks.since', { date: formatDate(block.createdAt, lng) })}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        disabled={unblock.isPending}
        aria-busy={unblock.isPending || undefined}
        aria-label={t('trust.blocks.unblockLabel', { name: block.user.username })}
        onClick={() =>
          unblock.mutate(
            { userId: block.user.id, blocked: false },
            {
              onSuccess: () => toast({ title: t('trust.blocks.unblocked', { name: block.user.username }) }),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('trust.blocks.failed'),
                  description: serverMessage(error) ?? undefined,
                }),
            },
          )
        }
      >
        {unblock.isPending ? <SpinnerIcon /> : null}
        {t('trust.blocks.unblock')}
      </Button>
    </li>
  );
}
