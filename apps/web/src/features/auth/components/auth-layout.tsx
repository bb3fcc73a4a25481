import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import BadgeCheck from 'lucide-react/icons/badge-check';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { Card } from '@/components/ui/card';

const POINTS = [
  { key: 'verified', Icon: BadgeCheck },
  { key: 'private', Icon: LockKeyhole },
  { key: 'direct', Icon: MessagesSquare },
] as const;

/**
 * The frame of the account screens: the page title and the form card, beside a brand panel on wide
 * screens. `wide` gives the registration form more room.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-14 dark:from-slate-900 dark:to-slate-950">
      <title>{`${title} | ${t('common.appName')}`}</title>
      <div
        className={`mx-auto grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start ${wide ? 'max-w-5xl' : 'max-w-4xl'}`}
      >
        <Card as="section" className="p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {subtitle ? <p className="mt-2 text-slate-600 dark:text-slate-300">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
        <aside
          aria-label={t('auth.layout.asideTitle')}
          className="hidden rounded-2xl bg-brand-800 p-6 text-white lg:block dark:bg-brand-950"
        >
          <p className="text-2xl font-extrabold">{t('auth.layout.asideTitle')}</p>
          <p className="mt-2 text-brand-50">{t('auth.layout.asideBody')}</p>
          <ul className="mt-6 grid gap-4">
            {POINTS.map(({ key, Icon }) => (
              <li key={key} className="flex items-start gap-3 text-sm text-brand-50">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-200" />
                {t(`auth.layout.points.${key}`)}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
