import { useEffect, useEffectEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '@/lib/use-translation';
import { translateValidation, zodErrorMap } from '@safqa/shared/validation/messages';
import type { Language } from '@safqa/shared/constants';
import { isApiError } from './api-client';

/**
 * react-hook-form driven by a shared schema of @safqa/shared/validation/<area>. Messages come out in
 * the UI language (zodErrorMap for built-in checks; catalogue keys such as `email_invalid` are
 * rendered by fieldError) and are re-validated when the language changes.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const { i18n } = useTranslation();
  const lng: Language = i18n.language === 'en' ? 'en' : 'ar';
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema, { error: zodErrorMap(lng) }),
  });
  const submitted = form.formState.isSubmitted;
  const revalidate = useEffectEvent(() => {
    if (submitted) void form.trigger();
  });
  useEffect(() => revalidate(), [lng]);
  return form;
}

/** A field's error message in the UI language. */
export function fieldError(message: string | undefined, lng: string): string | undefined {
  return message ? translateValidation(message, lng === 'en' ? 'en' : 'ar') : undefined;
}

/**
 * Puts the per-field messages of a 400 VALIDATION_FAILED on the form; true when any matched a field.
 * The server already wrote them in the request language.
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormReturn<Values>['setError'],
  fields: ReadonlyArray<Path<Values>>,
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let applied = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as Path<Values>, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
