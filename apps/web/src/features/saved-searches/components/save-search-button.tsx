import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import BookmarkCheck from 'lucide-react/icons/bookmark-check';
import BookmarkPlus from 'lucide-react/icons/bookmark-plus';
import type { SavedSearch } from '@safqa/shared/validation/saved-searches';
import { OnDemandBoundary } from '@/components/on-demand-boundary';
import { Button, buttonClasses } from '@/components/ui/button';
import { loginPathFor } from '@/lib/auth-redirect';
import { useAreas } from '@/lib/use-areas';
import { useDialogOnDemand } from '@/lib/use-dialog-on-demand';
import { useSession } from '@/lib/use-session';
import { useSavedSearches } from '../api/get-saved-searches';
import { sameQuery } from './same-query';

// The dialog library, the form library and the schemas: fetched when a member reaches for the button,
// so a visitor of /search (who only sees "sign in to save") never downloads them.
const loadDialog = () => import('./save-search-dialog').then((m) => ({ default: m.SaveSearchDialog }));

/**
 * "Save this search" on /search. A visitor is sent to sign in and comes back to the same search
 * (the login page returns to where it was sent from); a member names the search and picks its alert.
 */
export default function SaveSearchButton({ query }: { query: SavedSearch['query'] }) {
  const { t } = useTranslation();
  const ready = useAreas(['saved-searches']);
  const location = useLocation();
  const { isSignedIn, isPending } = useSession();
  const { open, setOpen, wanted, opener, Dialog, attempt, failed, triggerProps } =
    useDialogOnDemand(loadDialog);
  // A member sees that these filters are already saved (and under which name) rather than saving twice.
  const saved = useSavedSearches({ enabled: isSignedIn });
  const already = saved.data?.data.find((search) => sameQuery(search.query, query));
  // Saving swaps the button for the "saved" link: the focus follows it instead of falling on the body
  // (but a page that opens on an already-saved search does not steal the focus).
  const savedLink = useRef<HTMLAnchorElement>(null);
  const wasUnsaved = useRef(false);
  useEffect(() => {
    if (!saved.data) return;
    if (!already) {
      wasUnsaved.current = true;
      return;
    }
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasUnsaved.current && lost) savedLink.current?.focus();
    wasUnsaved.current = false;
  }, [saved.data, already]);
  if (!ready || isPending) return null;

  if (!isSignedIn) {
    return (
      <Link to={loginPathFor(location)} className={buttonClasses('secondary', 'md')}>
        <BookmarkPlus aria-hidden="true" className="size-5" />
        {t('saved-searches.signInToSave')}
      </Link>
    );
  }

  if (already && !open) {
    return (
      <Link
        ref={savedLink}
        to="/profile?tab=saved-searches"
        className={buttonClasses('secondary', 'md')}
        data-testid="search-saved"
      >
        <BookmarkCheck aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
        {t('saved-searches.savedAs', { name: already.name })}
      </Link>
    );
  }

  return (
    <>
      <Button variant="secondary" {...triggerProps} data-testid="save-search">
        <BookmarkPlus aria-hidden="true" className="size-5" />
        {t('saved-searches.save')}
      </Button>
      {wanted ? (
        <OnDemandBoundary attempt={attempt} onFailed={failed}>
          <Dialog query={query} open={open} onOpenChange={setOpen} opener={opener} />
        </OnDemandBoundary>
      ) : null}
    </>
  );
}
