import { Link, Outlet } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import { buttonClasses } from '@/components/ui/button';
import { useSession } from '@/lib/use-session';

/**
 * Layout route around /admin and its pages, inside RequireAuth: a signed-in user whose role is not
 * admin sees an access message instead of the panel (SPEC.md section 6). The server refuses their
 * calls anyway; this only spares them a panel of errors. Loaded lazily with the `admin` catalogue.
 */
export function Component() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  if (isAdmin) return <Outlet />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${t('admin.access.title')} | ${t('common.appName')}`}</title>
      <ShieldAlert aria-hidden="true" className="mx-auto size-16 text-amber-600 dark:text-amber-400" />
      <h1 className="mt-6 text-3xl font-bold">{t('admin.access.title')}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t('admin.access.body')}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('admin.access.home')}
      </Link>
    </section>
  );
}
