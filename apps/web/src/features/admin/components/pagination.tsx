import { useTranslation } from 'react-i18next';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { Language } from '@safqa/shared/constants';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';

/** Previous and next page, with "page X of Y" between them; hidden when there is one page. */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Language;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('admin.pagination.label')} className="flex items-center justify-center gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronRight aria-hidden="true" className="size-4 ltr:hidden" />
        <ChevronLeft aria-hidden="true" className="size-4 rtl:hidden" />
        {t('admin.pagination.previous')}
      </Button>
      <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
        {t('admin.pagination.status', {
          page: formatNumber(page, lng),
          total: formatNumber(totalPages, lng),
        })}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('admin.pagination.next')}
        <ChevronLeft aria-hidden="true" className="size-4 ltr:hidden" />
        <ChevronRight aria-hidden="true" className="size-4 rtl:hidden" />
      </Button>
    </nav>
  );
}
