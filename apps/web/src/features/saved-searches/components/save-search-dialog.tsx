import type { RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { SAVED_SEARCH_NAME_MAX, type SavedSearch } from '@safqa/shared/validation/saved-searches';
import { toast } from '@/components/ui/toast';
import { useDescribeQuery } from './describe-query';
import { suggestName } from './same-query';
import { SavedSearchForm } from './saved-search-form';
import { Dialog } from '@/components/ui/dialog';

interface SaveSearchDialogProps {
  query: SavedSearch['query'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLElement | null>;
}

/** The dialog of "save this search": fetched on demand by save-search-button.tsx. */
export function SaveSearchDialog({ query, open, onOpenChange, opener }: SaveSearchDialogProps) {
  const { t } = useTranslation();
  const describe = useDescribeQuery();
  return (
    <Dialog
      size="md"
      open={open}
      onOpenChange={onOpenChange}
      opener={opener}
      title={t('saved-searches.saveTitle')}
      description={t('saved-searches.saveDescription')}
    >
      <SavedSearchForm
        query={query}
        suggestedName={suggestName(describe(query), SAVED_SEARCH_NAME_MAX)}
        onCancel={() => onOpenChange(false)}
        onSaved={(saved) => {
          onOpenChange(false);
          toast({
            title: t('saved-searches.saved', { name: saved.name }),
            description: t('saved-searches.savedBody'),
          });
        }}
      />
    </Dialog>
  );
}
