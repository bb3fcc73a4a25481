import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserRound from 'lucide-react/icons/user-round';
import { CountBadge } from '@/components/count-badge';
import { SpinnerIcon } from '@/components/ui/spinner';
import { buttonClasses } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';
import { logout } from '@/lib/logout';
import { useSession } from '@/lib/use-session';
import { useUnreadCount } from '@/lib/unread-count';
import { cn } from '@/lib/cn';

// Downloaded only once someone is signed in: visitors never pay for the notification centre.
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell'));

const itemClasses =
  'inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current=page]:text-brand-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-brand-400 dark:aria-[current=page]:text-brand-300';

/**
 * The account part of the navbar (SPEC.md section 2). Signed in: Admin (admins only), the profile
 * link with the username and the unread-chat badge, and Log out with a spinner. Signed out: Log in.
 * `stacked` lays them out for the mobile menu.
 */
export function AccountLinks({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const { isSignedIn, isAdmin, isPending } = useSession();
  const { data: user } = useCurrentUser();
  const unread = useUnreadCount();
  const [loggingOut, setLoggingOut] = useState(false);
  const layout = stacked ? 'grid gap-1' : 'flex items-center gap-1';
  const item = cn(itemClasses, stacked && 'h-12 w-full justify-start text-base');

  if (isPending) {
    // Rendered by the server for a visitor who holds a session: neither "Log in" nor the account yet.
    return (
      <div className={layout} aria-hidden="true">
        <span
          className={cn(
            'inline-block h-10 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800',
            stacked ? 'w-full' : 'w-28',
          )}
        />
      </div>
    );
  }

  if (!isSignedIn) {
    return (
      <div className={layout}>
        <Link to="/login" className={buttonClasses('primary', 'md', stacked ? 'h-12 w-full' : undefined)}>
          <LogIn aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('common.nav.login')}
        </Link>
      </div>
    );
  }

  return (
    <div className={layout}>
      {isAdmin ? (
        <NavLink to="/admin" className={item}>
          <ShieldCheck aria-hidden="true" className="size-5" />
          {t('common.nav.admin')}
        </NavLink>
      ) : null}
      <Suspense fallback={null}>
        <NotificationBell stacked={stacked} itemClassName={item} />
      </Suspense>
      <NavLink to="/profile" className={item}>
        <UserRound aria-hidden="true" className="size-5" />
        <span className="max-w-40 truncate">{user?.username ?? t('common.nav.profile')}</span>
        {unread > 0 ? (
          <>
            <CountBadge count={unread} testId="unread-badge" />
            <span className="sr-only">{t('common.nav.unread', { count: unread })}</span>
          </>
        ) : null}
      </NavLink>
      <button
        type="button"
        disabled={loggingOut}
        aria-busy={loggingOut || undefined}
        onClick={() => {
          setLoggingOut(true);
          void logout().finally(() => setLoggingOut(false));
        }}
        className={cn(item, 'disabled:opacity-70')}
      >
        {loggingOut ? (
          <SpinnerIcon className="size-4" />
        ) : (
          <LogOut aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        )}
        {loggingOut ? t('common.nav.loggingOut') : t('common.nav.logout')}
      </button>
    </div>
  );
}
