import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Search from 'lucide-react/icons/search';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';

/** A search box that applies on submit (Enter or the button); `children` adds filters beside it. */
export function SearchForm({
  label,
  value,
  onSearch,
  children,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <Field label={label} className="min-w-56 flex-1 sm:max-w-sm">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        )}
      </Field>
      {children}
      <Button type="submit">
        <Search aria-hidden="true" className="size-4" />
        {t('admin.actions.search')}
      </Button>
    </form>
  );
}
