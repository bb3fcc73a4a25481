import { Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/current-user';
import { formatDate } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import { DEFAULT_PROFILE_TAB, PROFILE_TABS } from './profile-tabs';

/**
 * /profile: who is signed in, and the account tabs of profile-tabs.ts. The open tab is the `?tab=`
 * query parameter, so it survives a reload and can be linked to. Tabs run across the top on phones
 * and down the side from the large breakpoint.
 */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = PROFILE_TABS.some((tab) => tab.id === requested) ? requested! : DEFAULT_PROFILE_TAB;
  const { data: user } = useCurrentUser();
  const list = useRef<HTMLDivElement>(null);
  // The arrow keys follow the tabs as they are laid out: a row on phones, a column from lg up.
  const column = useMediaQuery('(min-width: 1024px)');
  // On phones the tabs are one row that scrolls sideways: bring the open one into it, whether it was
  // opened by a link (?tab=notifications is past the screen's edge) or by the keyboard.
  useEffect(() => {
    const tab = list.current?.querySelector<HTMLElement>('[data-state="active"]');
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('users.profile.title')} | ${t('common.appName')}`}</title>
      <header className="flex flex-wrap items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
        >
          {user?.username.slice(0, 1).toUpperCase() ?? ''}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white">
            {user?.username ?? t('users.profile.title')}
          </h1>
          {user ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <span dir="ltr">{user.email}</span>
              {/* Under 640 px the email takes its own line: a dot there would end it. */}
              <span aria-hidden="true" className="hidden sm:inline">
                ·
              </span>
              <span>{t('users.profile.memberSince', { date: formatDate(user.createdAt, lng) })}</span>
              {user.role === 'admin' ? <Badge>{t('users.profile.admin')}</Badge> : null}
              {user.isAdvisor ? <Badge>{t('users.profile.advisor')}</Badge> : null}
            </p>
          ) : null}
        </div>
      </header>

      <Tabs
        value={active}
        onValueChange={(tab) => setParams(tab === DEFAULT_PROFILE_TAB ? {} : { tab }, { replace: true })}
        orientation={column ? 'vertical' : 'horizontal'}
        className="mt-8 grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]"
      >
        <TabsList
          ref={list}
          variant="nav"
          aria-label={t('users.profile.tabsLabel')}
          className="-mx-4 flex overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0"
        >
          {PROFILE_TABS.map(({ id, label, Icon }) => (
            <TabsTrigger key={id} value={id}>
              <Icon aria-hidden="true" className="size-5" />
              {t(label)}
            </TabsTrigger>
          ))}
        </TabsList>
        {PROFILE_TABS.map(({ id, Panel }) => (
          <TabsContent
            key={id}
            value={id}
            className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
          >
            <Suspense fallback={<Spinner />}>
              <Panel />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
      {children}
    </span>
  );
}
