import { Link, type To } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import BookmarkX from 'lucide-react/icons/bookmark-x';
import Clock from 'lucide-react/icons/clock';
import { CardGridSkeleton, EmptyState, ErrorState } from '@/components/list-states';
import { OpportunityCard } from '@/components/opportunity-card';
import { Pagination } from '@/components/pagination';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { asLanguage, opportunityTitle } from '@/lib/localized';
import { useSetFavorite } from '@/lib/set-favorite';
import { useFavorites } from '../api/get-favorites';

/** The bookmarked opportunities as cards, each with a remove button; loading, empty and error states. */
export function FavoritesList({
  page,
  hrefFor,
  pageSize,
}: {
  page: number;
  hrefFor: (page: number) => To;
  pageSize?: number;
}) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const favorites = useFavorites(page, pageSize);
  const remove = useSetFavorite();

  if (favorites.isPending) return <CardGridSkeleton count={3} />;
  if (favorites.isError)
    return <ErrorState error={favorites.error} onRetry={() => void favorites.refetch()} />;
  if (favorites.data.data.length === 0) {
    return (
      <EmptyState
        title={t('favorites.emptyTitle')}
        body={t('favorites.emptyBody')}
        action={
          <Link to="/search" className={buttonClasses('primary', 'md')}>
            {t('favorites.browse')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
        {favorites.data.data.map((card) => (
          <li key={card.id} className="grid gap-2">
            {card.underReview ? (
              // Back under review after an owner's edit: still the user's bookmark, hidden from others.
              <p className="inline-flex items-center gap-1.5 justify-self-start rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                <Clock aria-hidden="true" className="size-3.5" />
                {t('favorites.underReview')}
              </p>
            ) : null}
            <OpportunityCard opportunity={card} />
            <Button
              variant="ghost"
              size="sm"
              disabled={remove.isPending && remove.variables.id === card.id}
              onClick={() =>
                remove.mutate(
                  { id: card.id, favorite: false },
                  {
                    onSuccess: () => toast({ title: t('favorites.removed'), size: 'sm' }),
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: t('favorites.removeFailed'),
                        description: serverMessage(error) ?? undefined,
                      }),
                  },
                )
              }
              aria-label={t('favorites.removeNamed', { name: opportunityTitle(card, lng) })}
            >
              <BookmarkX aria-hidden="true" className="size-4" />
              {t('favorites.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-10"
        page={page}
        totalPages={favorites.data.pagination.totalPages}
        hrefFor={hrefFor}
      />
    </>
  );
}
