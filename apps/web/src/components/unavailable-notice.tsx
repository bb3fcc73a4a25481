import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { buttonClasses } from '@/components/ui/button';

/**
 * A page that has nothing to show: an address no route claims, a listing that does not exist or is
 * not public. Its title (also the tab's), a line of why, and one way on. `mark`: a large decorative
 * line above the title ("404").
 */
export function UnavailableNotice({
  title,
  body,
  to,
  action,
  mark,
}: {
  title: string;
  body: string;
  to: string;
  action: string;
  mark?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | ${t('common.appName')}`}</title>
      {mark ? (
        <p className="mb-4 text-6xl font-extrabold text-brand-700 dark:text-brand-400" aria-hidden="true">
          {mark}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{body}</p>
      <Link to={to} className={buttonClasses('primary', 'lg', 'mt-8')}>
        {action}
      </Link>
    </section>
  );
}
