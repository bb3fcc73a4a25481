import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { LucideIcon } from 'lucide-react';
import Cpu from 'lucide-react/icons/cpu';
import Rocket from 'lucide-react/icons/rocket';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Store from 'lucide-react/icons/store';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { CATEGORY_TILES } from '@safqa/shared/constants';

const ICONS: Record<(typeof CATEGORY_TILES)[number]['key'], LucideIcon> = {
  ecommerce: ShoppingCart,
  retail: Store,
  food: UtensilsCrossed,
  tech: Cpu,
  startups: Rocket,
};

/** The search address of a category tile (SPEC.md section 2). */
export function categoryHref(businessTypeId: number): string {
  return `/search?businessTypeId=${businessTypeId}&sort=newest&page=1`;
}

/** The five category shortcuts of the home page, each opening the search on its business type. */
export function CategoryTiles() {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {CATEGORY_TILES.map(({ key, businessTypeId }) => {
        const Icon = ICONS[key];
        return (
          <li key={key} className="last:col-span-2 sm:last:col-span-1">
            <Link
              to={categoryHref(businessTypeId)}
              className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:transition-none motion-reduce:hover:translate-y-0 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700"
            >
              <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 transition-colors group-hover:bg-brand-700 group-hover:text-white dark:bg-brand-950 dark:text-brand-300">
                <Icon aria-hidden="true" className="size-7" />
              </span>
              <span className="font-bold text-slate-900 dark:text-white">{t(`home.categories.${key}`)}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {t(`home.categories.${key}Hint`)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
