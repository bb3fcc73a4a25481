import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import type { PageHandle } from '@/lib/page-handle';

/** Any address no route claims: rendered on the server with status 404. */
export const notFoundHandle: PageHandle = {
  ssr: true,
  prefetch: async () => ({ status: 404 }),
  head: ({ t }) => ({
    title: `${t('common.notFound.title')} | ${t('common.appName')}`,
    description: t('common.notFound.body'),
  }),
};

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${t('common.notFound.title')} | ${t('common.appName')}`}</title>
      <p className="text-6xl font-extrabold text-brand-700 dark:text-brand-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{t('common.notFound.title')}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t('common.notFound.body')}</p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {t('common.notFound.home')}
      </Link>
    </section>
  );
}
