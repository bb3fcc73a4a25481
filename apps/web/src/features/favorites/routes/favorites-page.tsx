import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { FavoritesList } from '../components/favorites-list';

/** /favorites: the signed-in user's bookmarks, the page in the URL. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <title>{`${t('favorites.title')} | ${t('common.appName')}`}</title>
      <h1 className="text-3xl font-extrabold text-slate-900 dark:text-white">{t('favorites.title')}</h1>
      <p className="mt-2 mb-8 text-slate-600 dark:text-slate-400">{t('favorites.subtitle')}</p>
      {/* The cards' names are h3 (as under the profile tab's h2): the list gets its h2 so the outline does not skip a level. */}
      <h2 className="sr-only">{t('favorites.tabTitle')}</h2>
      <FavoritesList page={page} hrefFor={(p) => `?page=${p}`} />
    </div>
  );
}
