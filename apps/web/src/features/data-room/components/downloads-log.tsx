import { useState } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { ErrorState, RowsSkeleton } from '@/components/list-states';
import { formatDateTime } from '@/lib/format';
import { useDocumentDownloads } from '../api/get-document-downloads';
import { Pager } from '@/components/pager';
import { FileName } from '@/components/ui/file-name';

/** Who opened which confidential document of the listing, and when (newest first). */
export function DownloadsLog({ opportunityId }: { opportunityId: number }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [page, setPage] = useState(1);
  const downloads = useDocumentDownloads(opportunityId, page);

  return (
    <section
      aria-labelledby="downloads-log-title"
      className="grid gap-2 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id="downloads-log-title" className="font-bold text-slate-900 dark:text-white">
        {t('data-room.downloads.title')}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('data-room.downloads.hint')}</p>
      {downloads.isPending ? <RowsSkeleton rows={2} /> : null}
      {downloads.isError ? (
        <ErrorState
          error={downloads.error}
          title={t('data-room.downloads.loadFailed')}
          onRetry={() => void downloads.refetch()}
        />
      ) : null}
      {downloads.data && downloads.data.data.length === 0 ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {t('data-room.downloads.empty')}
        </p>
      ) : null}
      {downloads.data?.data.length ? (
        <table className="w-full text-start text-sm max-sm:block">
          {/* On phones each download is a small card (name, who, when), the column titles read by screen readers only. */}
          <thead className="max-sm:sr-only">
            <tr className="text-xs text-slate-500 dark:text-slate-400">
              <th scope="col" className="py-1 text-start font-medium">
                {t('data-room.downloads.document')}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t('data-room.downloads.user')}
              </th>
              <th scope="col" className="py-1 text-start font-medium">
                {t('data-room.downloads.when')}
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:grid">
            {downloads.data.data.map((row, index) => (
              <tr
                key={`${row.createdAt}-${index}`}
                className="border-t border-slate-100 align-top max-sm:grid max-sm:gap-0.5 max-sm:py-2 dark:border-slate-800"
              >
                {/* bdi, not dir on the cell: a left-to-right cell in a right-to-left table turned its
                    end padding to the wrong side and the cells ran together. */}
                <td className="py-1.5 pe-3 break-all text-slate-900 max-sm:p-0 max-sm:font-semibold dark:text-slate-100">
                  <FileName name={row.documentName} />
                </td>
                <td className="py-1.5 pe-3 text-slate-800 max-sm:p-0 dark:text-slate-200">
                  <bdi>{row.user ? row.user.username : t('data-room.downloads.deletedUser')}</bdi>
                </td>
                <td className="py-1.5 text-slate-600 max-sm:p-0 max-sm:text-xs dark:text-slate-400">
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lng)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {downloads.data ? (
        <Pager page={page} totalPages={downloads.data.pagination.totalPages} onPage={setPage} />
      ) : null}
    </section>
  );
}
