import { useEffect, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import { Field, Input, Textarea } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { lookupName, useLookup } from '@/lib/lookups';
import { fieldError } from '@/lib/use-zod-form';
import { cn } from '@/lib/cn';

/** The advisor part of a form (register, profile): the fields of @safqa/shared/validation/auth advisorFields. */
export interface AdvisorFormShape {
  isAdvisor?: boolean;
  bio?: string;
  experienceYears?: unknown;
  businessTypeIds?: number[];
}

/**
 * "I am an advisor" and, when ticked, bio, years of experience and the business types (a group of
 * checkboxes filled from GET /api/admin/lookups/business-types). Used inside a react-hook-form
 * FormProvider whose schema checks the advisor rules; a failed lookup fetch is only logged.
 */
export function AdvisorFields() {
  const { t, i18n } = useTranslation();
  const { register, formState, setValue, control } = useFormContext<AdvisorFormShape>();
  const isAdvisor = useWatch({ control, name: 'isAdvisor' }) === true;
  const selected = useWatch({ control, name: 'businessTypeIds' }) ?? [];
  const types = useLookup('business-types');
  const groupId = useId();
  const errors = formState.errors;
  const typesError = fieldError(errors.businessTypeIds?.message, i18n.language);

  useEffect(() => {
    if (types.error) console.error('Could not load business types', types.error);
  }, [types.error]);

  const toggle = (id: number, checked: boolean) => {
    const next = checked ? [...new Set([...selected, id])] : selected.filter((v) => v !== id);
    setValue('businessTypeIds', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <legend className="sr-only">{t('auth.advisor.legend')}</legend>
      <label className="flex cursor-pointer items-start gap-3">
        <input type="checkbox" className="mt-1 size-4 accent-brand-700" {...register('isAdvisor')} />
        <span>
          <span className="block font-semibold text-slate-900 dark:text-white">
            {t('auth.advisor.toggle')}
          </span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">
            {t('auth.advisor.toggleHint')}
          </span>
        </span>
      </label>

      {isAdvisor ? (
        <div className="grid gap-4">
          <Field
            label={t('auth.advisor.bio')}
            error={fieldError(errors.bio?.message, i18n.language)}
            hint={t('auth.advisor.bioHint')}
          >
            {(control) => <Textarea {...control} rows={4} {...register('bio')} />}
          </Field>
          <Field
            label={t('auth.advisor.years')}
            error={fieldError(errors.experienceYears?.message, i18n.language)}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={80}
                className="max-w-40"
                {...register('experienceYears')}
              />
            )}
          </Field>
          <div
            role="group"
            aria-labelledby={`${groupId}-label`}
            aria-describedby={typesError ? `${groupId}-error` : undefined}
            className="grid gap-2"
          >
            <p id={`${groupId}-label`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('auth.advisor.businessTypes')}
            </p>
            {types.isPending ? <Spinner className="p-2" /> : null}
            <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2 dark:border-slate-700">
              {(types.data ?? []).map((type) => {
                const checked = selected.includes(type.id);
                return (
                  <li key={type.id}>
                    <label
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 dark:hover:bg-slate-800',
                        checked &&
                          'bg-brand-50 font-medium text-brand-900 dark:bg-brand-950 dark:text-brand-100',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={checked}
                        aria-invalid={Boolean(typesError)}
                        onChange={(event) => toggle(type.id, event.target.checked)}
                      />
                      {lookupName(type, i18n.language)}
                    </label>
                  </li>
                );
              })}
            </ul>
            {typesError ? (
              <p id={`${groupId}-error`} className="text-sm text-red-700 dark:text-red-400">
                {typesError}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
