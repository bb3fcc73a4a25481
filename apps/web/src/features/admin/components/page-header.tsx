import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';

/** The h1 of an admin page, its document title, a short description and the page's main actions. */
export function PageHeader({
  title,
  description,
  actions,
  userTitle = false,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The title is a user's text (a listing's name): it reads in its own direction. */
  userTitle?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <title>{`${title} | ${t('admin.title')} | ${t('common.appName')}`}</title>
      <div className="grid gap-1">
        <h1
          className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
          dir={userTitle ? 'auto' : undefined}
        >
          {title}
        </h1>
        {description ? <p className="max-w-2xl text-slate-600 dark:text-slate-300">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
