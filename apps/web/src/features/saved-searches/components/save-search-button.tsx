import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import BookmarkPlus from 'lucide-react/icons/bookmark-plus';
import type { SavedSearch } from '@safqa/shared/validation/saved-searches';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { loginPathFor } from '@/lib/auth-redirect';
import { useAreas } from '@/lib/use-areas';
import { useSession } from '@/lib/use-session';
import { SavedSearchForm } from './saved-search-form';
import { SearchDialog } from './search-dialog';

/**
 * "Save this search" on /search. A visitor is sent to sign in and comes back to the same search
 * (the login page returns to where it was sent from); a member names the search and picks its alert.
 */
export default function SaveSearchButton({ query }: { query: SavedSearch['query'] }) {
  const { t } = useTranslation();
  const ready = useAreas(['saved-searches']);
  const location = useLocation();
  const { isSignedIn, isPending } = useSession();
  const [open, setOpen] = useState(false);
  if (!ready || isPending) return null;

  if (!isSignedIn) {
    return (
      <Link to={loginPathFor(location)} className={buttonClasses('secondary', 'md')}>
        <BookmarkPlus aria-hidden="true" className="size-5" />
        {t('saved-searches.signInToSave')}
      </Link>
    );
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="save-search">
        <BookmarkPlus aria-hidden="true" className="size-5" />
        {t('saved-searches.save')}
      </Button>
      <SearchDialog
        open={open}
        onOpenChange={setOpen}
        title={t('saved-searches.saveTitle')}
        description={t('saved-searches.saveDescription')}
      >
        <SavedSearchForm
          query={query}
          onCancel={() => setOpen(false)}
          onSaved={(saved) => {
            setOpen(false);
            toast({ title: t('saved-searches.saved', { name: saved.name }), description: t('saved-searches.savedBody') });
          }}
        />
      </SearchDialog>
    </>
  );
}
