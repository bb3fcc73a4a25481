import { Outlet } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { AdminDrawer, AdminSidebar } from '../components/admin-sidebar';

/**
 * /admin: the sidebar at the inline start from 1024 px (a drawer behind a Sections button below),
 * the page beside it. Every page below gives its own h1 and title.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:px-8 lg:py-10">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 pb-4 lg:hidden dark:border-slate-800">
        <p className="font-bold text-slate-900 dark:text-white">{t('admin.title')}</p>
        <AdminDrawer />
      </div>
      <AdminSidebar />
      <div className="grid min-w-0 grid-cols-1 content-start gap-6">
        <Outlet />
      </div>
    </div>
  );
}
