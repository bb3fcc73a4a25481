import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import * as Dialog from 'radix-ui/dialog';
import PanelLeft from 'lucide-react/icons/panel-left';
import X from 'lucide-react/icons/x';
import { Button, buttonClasses } from '@/components/ui/button';

import { ADMIN_NAV } from './admin-nav-items';

const linkClasses =
  'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white dark:aria-[current=page]:bg-brand-950 dark:aria-[current=page]:text-brand-200';

/** The grouped links of the panel; `onNavigate` closes the phone drawer. */
function AdminLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5">
      {ADMIN_NAV.map((group) => (
        <div key={group.label} className="grid gap-1">
          <p className="px-3 text-xs font-bold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {t(group.label)}
          </p>
          <ul className="grid gap-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClasses} onClick={onNavigate}>
                  <item.icon aria-hidden="true" className="size-4 shrink-0" />
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** From 1024 px: a sticky column at the inline start (right in Arabic, left in English). */
export function AdminSidebar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('admin.nav.label')}
      className="sticky top-20 hidden max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-3 lg:block dark:border-slate-800 dark:bg-slate-900"
    >
      <AdminLinks />
    </nav>
  );
}

/**
 * Under 1024 px: a Sections button that opens the same links in a drawer sliding in from the inline
 * start; it closes on a link, on Escape, on the backdrop or with its close button.
 */
export function AdminDrawer() {
  const { t } = useTranslation();
  const location = useLocation();
  // The drawer belongs to the location it was opened on, so a navigation closes it.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const open = openFor === location.key;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => setOpenFor(next ? location.key : null)}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm" className="lg:hidden">
          <PanelLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {t('admin.nav.sections')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-slate-950/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 start-0 z-[71] flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-2xl lg:hidden dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">
              {t('admin.title')}
            </Dialog.Title>
            <Dialog.Close className={buttonClasses('ghost', 'icon')} aria-label={t('admin.actions.close')}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label={t('admin.nav.label')}>
            <AdminLinks onNavigate={() => setOpenFor(null)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
