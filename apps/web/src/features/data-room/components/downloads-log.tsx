import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { Language } from '@safqa/shared/constants';
import { ErrorState, RowsSkeleton } from '@/components/list-states';
import { formatDateTime } from '@/lib/format';
import { useDocumentDownloads } from '../api/get-document-downloads';
import { Pager } from '@/components/pager';

/** Who opened which confidential document of the listing, and when (newest first). */
export function DownloadsLog({ opportunityId }: { opportunityId: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Language;
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
        <table className="w-full text-start text-sm">
          <thead>
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
          <tbody>
            {downloads.data.data.map((row, index) => (
              <tr
                key={`${row.createdAt}-${index}`}
                className="border-t border-slate-100 align-top dark:border-slate-800"
              >
                <td className="py-1.5 pe-2 break-all text-slate-900 dark:text-slate-100" dir="auto">
                  {row.documentName}
                </td>
                <td className="py-1.5 pe-2 text-slate-800 dark:text-slate-200" dir="auto">
                  {row.user ? row.user.username : t('data-room.downloads.deletedUser')}
                </td>
                <td className="py-1.5 text-slate-600 dark:text-slate-400">
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
