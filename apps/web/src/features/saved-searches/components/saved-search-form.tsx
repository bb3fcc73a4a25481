import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import {
  SAVED_SEARCH_FREQUENCIES,
  savedSearchInput,
  type SavedSearch,
  type SavedSearchFrequency,
} from '@safqa/shared/validation/saved-searches';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useSaveSearch } from '../api/save-search';

const formSchema = savedSearchInput.pick({ name: true, frequency: true });

/**
 * Name and alert frequency of a saved search, validated by the server's own schema; `existing`
 * edits that search (its filters too, when given `query`), otherwise a new one is saved.
 */
export function SavedSearchForm({
  query,
  existing,
  suggestedName = '',
  onSaved,
  onCancel,
}: {
  query: SavedSearch['query'];
  existing?: SavedSearch;
  /** A new search's name before the member types one: its filters in words. */
  suggestedName?: string;
  onSaved: (saved: SavedSearch) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveSearch(existing?.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(formSchema, {
    defaultValues: { name: existing?.name ?? suggestedName, frequency: existing?.frequency ?? 'instant' },
  });
  const { errors, isSubmitting } = form.formState;
  // The suggestion fills in as the lookups' names arrive, until the member types a name of their own.
  const nameTouched = form.formState.dirtyFields.name;
  useEffect(() => {
    if (!existing && !nameTouched && suggestedName) form.setValue('name', suggestedName);
  }, [existing, nameTouched, suggestedName, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await save.mutateAsync({ ...values, query });
      onSaved(data);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['name', 'frequency']);
      setFailure(serverMessage(error) ?? t('saved-searches.failed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <Field label={t('saved-searches.name')} error={fieldError(errors.name?.message, i18n.language)}>
        {(control) => (
          <Input
            {...control}
            maxLength={100}
            placeholder={t('saved-searches.namePlaceholder')}
            {...form.register('name')}
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('saved-searches.frequency')}
        </legend>
        {SAVED_SEARCH_FREQUENCIES.map((frequency: SavedSearchFrequency) => (
          <label
            key={frequency}
            className="flex items-center gap-3 text-sm text-slate-800 dark:text-slate-200"
          >
            <input
              type="radio"
              value={frequency}
              className="size-4 accent-brand-700"
              {...form.register('frequency')}
            />
            {t(`saved-searches.frequencies.${frequency}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? t('saved-searches.saving') : t('saved-searches.submit')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('saved-searches.cancel')}
        </Button>
      </div>
    </form>
  );
}
