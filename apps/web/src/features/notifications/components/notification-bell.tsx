import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import * as Popover from 'radix-ui/popover';
import Bell from 'lucide-react/icons/bell';
import { CountBadge } from '@/components/count-badge';
import { ErrorState, RowsSkeleton } from '@/components/list-states';
import { toast } from '@/components/ui/toast';
import { useNotificationCount } from '@/lib/notification-count';
import { useAreas } from '@/lib/use-areas';
import { cn } from '@/lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItems } from './notification-items';

const PANEL_SIZE = 8;
const ALL_PATH = '/profile?tab=notifications';

/**
 * The navbar's bell (issue 11): the unread count, kept live by the event stream (lib/notification-count),
 * and a panel of the latest notifications with "mark all read" and a link to the full list. In the
 * mobile menu (`stacked`) it is a link to that list with the same count.
 */
export default function NotificationBell({
  stacked = false,
  itemClassName,
}: {
  stacked?: boolean;
  itemClassName: string;
}) {
  const { t } = useTranslation();
  const count = useNotificationCount();
  const [open, setOpen] = useState(false);
  // The first page loads the count on sign-in; the list is refetched when the count moves.
  const latest = useNotifications({ page: 1, pageSize: PANEL_SIZE });
  const { refetch } = latest;
  const serverCount = latest.data?.unreadCount;
  useEffect(() => {
    if (serverCount !== undefined && serverCount !== count) void refetch();
  }, [count, serverCount, refetch]);
  const label = t('common.nav.notificationsUnread', { count });

  if (stacked) {
    return (
      <NavLink to={ALL_PATH} className={itemClassName} aria-label={label}>
        <Bell aria-hidden="true" className="size-5" />
        <span>{t('common.nav.notifications')}</span>
        <CountBadge count={count} testId="notification-badge" />
      </NavLink>
    );
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={cn(itemClassName, 'relative px-2.5')}
        aria-label={label}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" className="size-5" />
        <CountBadge count={count} testId="notification-badge" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          // The popover is a dialog: it needs a name (its own heading may still be loading).
          aria-label={t('common.nav.notifications')}
          dir={typeof document === 'undefined' ? undefined : (document.documentElement.dir as 'rtl' | 'ltr')}
          className="z-[60] w-[min(24rem,calc(100vw-1.5rem))] rounded-2xl border border-slate-200 bg-white shadow-xl focus-visible:outline-none dark:border-slate-800 dark:bg-slate-900"
        >
          <BellPanel latest={latest} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function BellPanel({
  latest,
  onNavigate,
}: {
  latest: ReturnType<typeof useNotifications>;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const ready = useAreas(['notifications']);
  const mark = useMarkNotificationsRead();
  const count = useNotificationCount();
  const failed = () => toast({ variant: 'destructive', title: t('notifications.markFailed') });
  if (!ready) return <RowsSkeleton rows={2} />;

  return (
    <div className="grid max-h-[min(32rem,80dvh)] grid-rows-[auto_minmax(0,1fr)_auto]">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="font-bold text-slate-900 dark:text-white">{t('notifications.title')}</h2>
        {count > 0 ? (
          <button
            type="button"
            disabled={mark.isPending}
            onClick={() => mark.mutate(undefined, { onError: failed })}
            className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-brand-300 dark:hover:bg-brand-950"
          >
            {t('notifications.markAllRead')}
          </button>
        ) : null}
      </div>
      <div className="overflow-y-auto p-2">
        {latest.isPending ? (
          <RowsSkeleton rows={3} />
        ) : latest.isError ? (
          <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />
        ) : latest.data.data.length === 0 ? (
          <div role="status" className="px-3 py-8 text-center">
            <p className="font-semibold text-slate-900 dark:text-slate-100">
              {t('notifications.emptyTitle')}
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('notifications.emptyBody')}</p>
          </div>
        ) : (
          <NotificationItems
            compact
            items={latest.data.data}
            onOpen={(item) => {
              if (item.readAt === null) mark.mutate([item.id], { onError: failed });
              onNavigate();
            }}
          />
        )}
      </div>
      <Link
        to={ALL_PATH}
        onClick={onNavigate}
        className="border-t border-slate-200 px-4 py-3 text-center text-sm font-semibold text-brand-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:border-slate-800 dark:text-brand-300 dark:hover:bg-slate-800"
      >
        {t('notifications.viewAll')}
      </Link>
    </div>
  );
}
