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
  minLength,
  children,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
  /** The fewest characters the server searches (blank is no search); shorter is said here, not sent. */
  minLength?: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [tooShort, setTooShort] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    const short = minLength !== undefined && q.length > 0 && [...q].length < minLength;
    setTooShort(short);
    if (!short) onSearch(q);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <Field
        label={label}
        className="min-w-56 flex-1 sm:max-w-sm"
        error={tooShort ? t('admin.actions.searchMin', { min: minLength }) : undefined}
      >
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
