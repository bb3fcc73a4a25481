import { useState } from 'react';
import type { DeviceSession } from '@safqa/shared/validation/auth';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { useTranslation } from '@/lib/use-translation';
import {
  useDeviceSessions,
  useRevokeDeviceSession,
  useRevokeOtherDeviceSessions,
} from '../api/device-sessions';
import { useConfirmFocus } from './use-confirm-focus';

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
  const [confirming, setConfirming] = useState(false);
  const refs = useConfirmFocus(confirming);

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
          <div className="flex flex-wrap gap-2">
            {confirming ? (
              <>
                <Button
                  ref={refs.confirm}
                  variant="destructive"
                  size="sm"
                  disabled={revoke.isPending}
                  aria-label={t('users.devices.confirmSignOutOne', { device: session.device })}
                  onClick={() =>
                    revoke.mutate(session.id, {
                      onSuccess: () => toast({ title: t('users.devices.signedOutOne') }),
                      onError: (error) => {
                        setConfirming(false);
                        toast({
                          variant: 'destructive',
                          title: serverMessage(error) ?? t('users.devices.failed'),
                        });
                      },
                    })
                  }
                >
                  {t('users.devices.confirm')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  {t('users.devices.cancel')}
                </Button>
              </>
            ) : (
              <Button
                ref={refs.ask}
                variant="secondary"
                size="sm"
                aria-label={t('users.devices.signOutOneLabel', { device: session.device })}
                onClick={() => setConfirming(true)}
              >
                {t('users.devices.signOutOne')}
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function SignOutOthers() {
  const { t } = useTranslation();
  const revoke = useRevokeOtherDeviceSessions();
  const [confirming, setConfirming] = useState(false);
  const refs = useConfirmFocus(confirming);

  return (
    <div className="mt-6 flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('users.devices.confirmOthers')}</p>
          <Button
            ref={refs.confirm}
            variant="destructive"
            size="sm"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(false);
                  toast({ title: t('users.devices.signedOutOthers') });
                },
                onError: (error) => {
                  setConfirming(false);
                  toast({ variant: 'destructive', title: serverMessage(error) ?? t('users.devices.failed') });
                },
              })
            }
          >
            {t('users.devices.confirmOthersButton')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            {t('users.devices.cancel')}
          </Button>
        </>
      ) : (
        <Button ref={refs.ask} variant="destructive" size="sm" onClick={() => setConfirming(true)}>
          {t('users.devices.signOutOthers')}
        </Button>
      )}
    </div>
  );
}
