import { useId, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Search from 'lucide-react/icons/search';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/form-field';

/**
 * The FAQ search box: typing filters the loaded list at once (onChange); the button or Enter also
 * asks the server (onSubmit), as SPEC.md section 4 describes.
 */
export function FaqSearch({
  value,
  onChange,
  onSubmit,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <form role="search" onSubmit={handleSubmit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {t('faqs.searchLabel')}
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('faqs.searchPlaceholder')}
          autoComplete="off"
          className="h-12 ps-10"
        />
      </div>
      <Button type="submit" size="lg">
        {t('faqs.searchButton')}
      </Button>
    </form>
  );
}
