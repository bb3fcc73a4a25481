import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useNotificationCount } from '@/lib/notification-count';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { EmailSettingsForm } from './email-settings-form';
import { NotificationItems } from './notification-items';

/** The notifications tab of /profile: every notification, paged (`?notificationsPage=`), and the email switches. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('notificationsPage') ?? '1', 10) || 1);
  const list = useNotifications({ page, pageSize: 10 });
  const mark = useMarkNotificationsRead();
  const count = useNotificationCount();
  const failed = () => toast({ variant: 'destructive', title: t('notifications.markFailed') });
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('notificationsPage', String(p));
    return `?${next.toString()}`;
  };

  return (
    <div className="grid gap-10">
      {/* Not a named region: the toasts' live region already carries this name, and axe wants landmark names unique. */}
      <section>
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h2 id="notifications-title" className="text-xl font-bold text-slate-900 dark:text-white">
            {t('notifications.tabTitle')}
          </h2>
          {count > 0 ? (
            <Button
              variant="secondary"
              disabled={mark.isPending}
              onClick={() => mark.mutate(undefined, { onError: failed })}
            >
              {t('notifications.markAllRead')}
            </Button>
          ) : null}
        </div>
        {list.isPending ? (
          <RowsSkeleton />
        ) : list.isError ? (
          <ErrorState
            error={list.error}
            title={t('notifications.loadFailed')}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.data.length === 0 ? (
          <EmptyState title={t('notifications.emptyTitle')} body={t('notifications.emptyBody')} />
        ) : (
          <>
            <NotificationItems
              items={list.data.data}
              onOpen={(item) => {
                if (item.readAt === null) mark.mutate([item.id], { onError: failed });
              }}
            />
            <Pagination
              className="mt-6"
              page={page}
              totalPages={list.data.pagination.totalPages}
              hrefFor={hrefFor}
            />
          </>
        )}
      </section>
      <EmailSettingsForm />
    </div>
  );
}
