import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { HydrationSlice } from '@/components/hydration-slice';
import { buttonClasses } from '@/components/ui/button';
import type { PageHandle } from '@/lib/page-handle';
import { topOpportunitiesQuery } from '../api/get-top-opportunities';
import { CategoryTiles } from '../components/category-tiles';
import { FeaturesSection } from '../components/features-section';
import { Hero } from '../components/hero';
import { TrendingStrip } from '../components/trending-strip';

/** Rendered on the server with the trending strip's listings. */
export const handle: PageHandle = {
  ssr: true,
  formats: ['number'],
  prefetch: async ({ queryClient }) => {
    await queryClient.prefetchQuery(topOpportunitiesQuery());
  },
  // The hero's title already starts with the brand ("Safqa: sell your business..."): no "Safqa | Safqa:".
  head: ({ t }) => ({
    title: t('home.hero.title'),
    description: t('home.hero.subtitle'),
  }),
};

/** / (SPEC.md sections 1 and 2): hero, trending strip, category shortcuts, features. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t('home.hero.title')}</title>
      <HydrationSlice>
        <Hero />
      </HydrationSlice>
      <section aria-labelledby="trending-title" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2
              id="trending-title"
              className="text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white"
            >
              {t('home.trending.title')}
            </h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">{t('home.trending.subtitle')}</p>
          </div>
          <Link to="/search" className={buttonClasses('secondary', 'md')}>
            {t('home.trending.viewAll')}
            <ArrowLeft aria-hidden="true" className="size-4 ltr:-scale-x-100" />
          </Link>
        </div>
        <HydrationSlice>
          <TrendingStrip />
        </HydrationSlice>
      </section>
      <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 pt-14 sm:px-6 lg:px-8">
        <h2
          id="categories-title"
          className="text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white"
        >
          {t('home.categories.title')}
        </h2>
        <p className="mt-2 mb-6 text-slate-600 dark:text-slate-400">{t('home.categories.subtitle')}</p>
        <HydrationSlice>
          <CategoryTiles />
        </HydrationSlice>
      </section>
      <section aria-labelledby="features-title" className="mt-16 bg-slate-50 py-16 dark:bg-slate-900/50">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2
            id="features-title"
            className="text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white"
          >
            {t('home.features.title')}
          </h2>
          <p className="mt-2 mb-8 max-w-2xl text-slate-600 dark:text-slate-400">
            {t('home.features.subtitle')}
          </p>
          <HydrationSlice>
            <FeaturesSection />
          </HydrationSlice>
        </div>
      </section>
    </>
  );
}
