import { Link, type To } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { cn } from '@/lib/cn';
import { LIMITS } from '@safqa/shared/constants';

/**
 * The pages a list can be walked to: the server refuses a page starting past the 10,000th row
 * (PAGE_TOO_DEEP), so links stop at the last page that starts inside it.
 */
export function reachablePages(totalPages: number, pageSize: number): number {
  return Math.min(totalPages, Math.ceil(LIMITS.pagedRowsMax / pageSize));
}

/** The page numbers to show: first, last, and a window around the current one; null marks a gap. */
export function pageWindow(page: number, totalPages: number, radius = 1): Array<number | null> {
  const pages = new Set<number>([1, totalPages]);
  for (let p = page - radius; p <= page + radius; p += 1) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  for (const [index, p] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && p - previous > 1) result.push(p - previous === 2 ? p - 1 : null);
    result.push(p);
  }
  return result;
}

const itemClasses =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * Page links (they change the URL, so back, forward and shared links keep the page). Arrows point
 * the reading direction: "previous" points right in Arabic.
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  className,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => To;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  if (totalPages <= 1) return null;
  const idle = 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
  const disabled = 'pointer-events-none text-slate-400 dark:text-slate-600';
  return (
    <nav aria-label={t('listings.pagination.label')} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} rel="prev" className={cn(itemClasses, idle)}>
              <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('listings.pagination.previous')}
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClasses, disabled)}>
              <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('listings.pagination.previous')}
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('listings.pagination.page', { page: formatNumber(p, lng) })}
                className={cn(
                  itemClasses,
                  p === page ? 'bg-brand-700 text-white dark:bg-brand-500 dark:text-slate-950' : idle,
                )}
              >
                {formatNumber(p, lng)}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} rel="next" className={cn(itemClasses, idle)}>
              {t('listings.pagination.next')}
              <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            </Link>
          ) : (
            <span aria-disabled="true" className={cn(itemClasses, disabled)}>
              {t('listings.pagination.next')}
              <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
