import { useLanguage, useTranslation } from '@/lib/use-translation';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';

/**
 * Previous / next with "page X of Y" between them, for lists whose page lives in component state or
 * a query param the caller owns (hence a callback, not links); hidden when everything fits on one
 * page. Arrows point the reading direction: "previous" points right in Arabic.
 */
export function Pager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('common.pager.label')} className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronRight aria-hidden="true" className="size-4 ltr:hidden" />
        <ChevronLeft aria-hidden="true" className="size-4 rtl:hidden" />
        {t('common.pager.previous')}
      </Button>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {t('common.pager.page', { page: formatNumber(page, lng), total: formatNumber(totalPages, lng) })}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('common.pager.next')}
        <ChevronLeft aria-hidden="true" className="size-4 ltr:hidden" />
        <ChevronRight aria-hidden="true" className="size-4 rtl:hidden" />
      </Button>
    </nav>
  );
}
