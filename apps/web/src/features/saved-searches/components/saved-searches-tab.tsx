import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import type { SavedSearch } from '@safqa/shared/validation/saved-searches';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { markSavedSearchSeen } from '../api/mark-saved-search-seen';
import { searchPath } from '@safqa/shared/search-path';
import { SavedSearchForm } from './saved-search-form';
import { Dialog } from '@/components/ui/dialog';
import { useDescribeQuery } from './describe-query';

/** The saved-searches tab of /profile: each search in words, its new matches, edit, delete and open. */
export function Component() {
  const { t } = useTranslation();
  const searches = useSavedSearches();
  const [editing, setEditing] = useState<SavedSearch | null>(null);

  return (
    <div>
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('saved-searches.tabTitle')}</h2>
      <p className="mt-2 mb-6 text-sm text-slate-600 dark:text-slate-400">{t('saved-searches.tabIntro')}</p>
      {searches.isPending ? (
        <RowsSkeleton />
      ) : searches.isError ? (
        <ErrorState error={searches.error} onRetry={() => void searches.refetch()} />
      ) : searches.data.data.length === 0 ? (
        <EmptyState
          title={t('saved-searches.emptyTitle')}
          body={t('saved-searches.emptyBody')}
          action={
            <Link to="/search" className={buttonClasses('primary', 'md')}>
              {t('saved-searches.goSearch')}
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-3">
          {searches.data.data.map((search) => (
            <SavedSearchRow key={search.id} search={search} onEdit={() => setEditing(search)} />
          ))}
        </ul>
      )}
      <Dialog
        size="md"
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t('saved-searches.editTitle')}
      >
        {editing ? (
          <SavedSearchForm
            query={editing.query}
            existing={editing}
            onCancel={() => setEditing(null)}
            onSaved={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function SavedSearchRow({ search, onEdit }: { search: SavedSearch; onEdit: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const describe = useDescribeQuery();
  const navigate = useNavigate();
  const remove = useDeleteSavedSearch();
  const [confirming, setConfirming] = useState(false);
  // Delete turns into Confirm and Cancel in its place: the focus follows, so it is not dropped on the
  // body when the button that had it goes away.
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (asked.current) deleteButton.current?.focus();
    asked.current ||= confirming;
  }, [confirming]);
  const href = searchPath(search.query);

  return (
    <li data-testid="saved-search" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-bold break-words text-slate-900 dark:text-white" dir="auto">
            {search.name}
          </h3>
          <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">
            {describe(search.query).join(' · ')}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
            <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {t(`saved-searches.frequencyShort.${search.frequency}`)}
            </span>
            <span
              data-testid="new-matches"
              className={
                search.newMatches > 0
                  ? 'rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200'
                  : undefined
              }
            >
              {t('saved-searches.newMatches', {
                count: search.newMatches,
                formatted: formatNumber(search.newMatches, lng),
              })}
            </span>
            {search.lastNotifiedAt ? (
              <span>
                {t('saved-searches.lastNotified', { date: formatDate(search.lastNotifiedAt, lng) })}
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={href}
            onClick={(event) => {
              event.preventDefault();
              // Counted as seen when opened; the results page does not wait for it.
              void markSavedSearchSeen(search.id).catch(() => {});
              void navigate(href);
            }}
            className={buttonClasses('primary', 'sm')}
          >
            {t('saved-searches.open')}
          </a>
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {t('saved-searches.edit')}
          </Button>
          {confirming ? (
            <>
              <Button
                ref={confirmButton}
                variant="destructive"
                size="sm"
                disabled={remove.isPending}
                aria-label={t('saved-searches.deleteTitle', { name: search.name })}
                onClick={() =>
                  remove.mutate(search.id, {
                    onSuccess: () => toast({ title: t('saved-searches.deleted') }),
                    onError: (error) => {
                      setConfirming(false);
                      toast({
                        variant: 'destructive',
                        title: serverMessage(error) ?? t('saved-searches.failed'),
                      });
                    },
                  })
                }
              >
                {t('saved-searches.confirmDelete')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                {t('saved-searches.cancel')}
              </Button>
            </>
          ) : (
            <Button ref={deleteButton} variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              {t('saved-searches.delete')}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
