import type { DeviceSession } from '@safqa/shared/validation/auth';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { useTranslation } from '@/lib/use-translation';
import { useDeviceSessions } from '../api/get-device-sessions';
import { useRevokeDeviceSession } from '../api/revoke-device-session';
import { useRevokeOtherDeviceSessions } from '../api/revoke-other-device-sessions';
import { ConfirmInPlace } from './confirm-in-place';

/** The devices tab of /profile (API.md "Account security"): each signed-in device, sign one or all others out. */
export function Component() {
  const { t } = useTranslation();
  const sessions = useDeviceSessions();
  const others = sessions.data?.data.filter((s) => !s.current).length ?? 0;

  return (
    <div>
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('users.devices.title')}</h2>
      <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">{t('users.devices.intro')}</p>
      {sessions.isPending ? (
        <RowsSkeleton />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : sessions.data.data.length === 0 ? (
        <EmptyState title={t('users.devices.emptyTitle')} body={t('users.devices.emptyBody')} />
      ) : (
        <>
          <ul className="grid gap-3">
            {sessions.data.data.map((session) => (
              <DeviceRow key={session.id} session={session} />
            ))}
          </ul>
          {others > 0 ? <SignOutOthers /> : null}
        </>
      )}
    </div>
  );
}

function DeviceRow({ session }: { session: DeviceSession }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const revoke = useRevokeDeviceSession();

  return (
    <li data-testid="device-session" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-bold break-words text-slate-900 dark:text-white">
            <span dir="auto">{session.device}</span>
            {session.current ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
                {t('users.devices.thisDevice')}
              </span>
            ) : null}
          </h3>
          <dl className="mt-2 grid gap-1 text-sm text-slate-600 dark:text-slate-400">
            <div className="flex flex-wrap gap-1">
              <dt>{t('users.devices.address')}</dt>
              <dd dir="ltr">{session.ip ?? t('users.devices.unknownAddress')}</dd>
            </div>
            <div className="flex flex-wrap gap-1">
              <dt>{t('users.devices.firstUsed')}</dt>
              <dd>{formatDateTime(session.createdAt, lng)}</dd>
            </div>
            <div className="flex flex-wrap gap-1">
              <dt>{t('users.devices.lastUsed')}</dt>
              <dd>{formatDateTime(session.lastUsedAt, lng)}</dd>
            </div>
          </dl>
        </div>
        {session.current ? null : (
          <ConfirmInPlace
            className="flex flex-wrap gap-2"
            askLabel={t('users.devices.signOutOne')}
            askAriaLabel={t('users.devices.signOutOneLabel', { device: session.device })}
            confirmLabel={t('users.devices.confirm')}
            confirmAriaLabel={t('users.devices.confirmSignOutOne', { device: session.device })}
            cancelLabel={t('users.devices.cancel')}
            pending={revoke.isPending}
            onConfirm={(reset) =>
              revoke.mutate(session.id, {
                onSuccess: () => toast({ title: t('users.devices.signedOutOne') }),
                onError: (error) => {
                  reset();
                  toast({ variant: 'destructive', title: serverMessage(error) ?? t('users.devices.failed') });
                },
              })
            }
          />
        )}
      </div>
    </li>
  );
}

function SignOutOthers() {
  const { t } = useTranslation();
  const revoke = useRevokeOtherDeviceSessions();
  return (
    <ConfirmInPlace
      className="mt-6 flex flex-wrap items-center gap-2"
      askLabel={t('users.devices.signOutOthers')}
      askVariant="destructive"
      confirmLabel={t('users.devices.confirmOthersButton')}
      cancelLabel={t('users.devices.cancel')}
      note={t('users.devices.confirmOthers')}
      pending={revoke.isPending}
      onConfirm={(reset) =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            reset();
            toast({ title: t('users.devices.signedOutOthers') });
          },
          onError: (error) => {
            reset();
            toast({ variant: 'destructive', title: serverMessage(error) ?? t('users.devices.failed') });
          },
        })
      }
    />
  );
}
