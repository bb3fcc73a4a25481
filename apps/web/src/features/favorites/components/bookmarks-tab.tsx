import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { FavoritesList } from './favorites-list';

/** The bookmarks tab of /profile (SPEC.md section 2); its page is `?bookmarksPage=` beside `?tab=`. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('bookmarksPage') ?? '1', 10) || 1);
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('bookmarksPage', String(p));
    return `?${next.toString()}`;
  };
  return (
    <div>
      <h2 className="mb-6 text-xl font-bold text-slate-900 dark:text-white">{t('favorites.tabTitle')}</h2>
      <FavoritesList page={page} hrefFor={hrefFor} pageSize={6} />
    </div>
  );
}
