import { useTranslation } from 'react-i18next';
import type { Language } from '@safqa/shared/constants';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';

/** Previous / next for a paged list; hidden when everything fits on one page. */
export function Pager({
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
    <nav aria-label={t('common.pager.label')} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.pager.previous')}
      </Button>
      <span className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t('common.pager.page', { page: formatNumber(page, lng), total: formatNumber(totalPages, lng) })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('common.pager.next')}
      </Button>
    </nav>
  );
}
