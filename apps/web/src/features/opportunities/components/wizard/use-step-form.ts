import { useEffect, useEffectEvent } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '@/lib/use-translation';
import type { z } from 'zod';
import { validationMessage, zodErrorMap } from '@safqa/shared/validation/messages';
import { numberValue } from '@/lib/digits';
import { asLanguage } from '@/lib/localized';
import type { WizardValues } from './wizard-values';

type StepSchema = z.ZodObject<z.ZodRawShape>;

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));

/** Only the fields a step owns (its schema is strict: anything else would be refused). */
export function pickStep(schema: StepSchema, values: WizardValues): Record<string, unknown> {
  const source = values as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema.shape).map((key) => [key, source[key]]));
}

/**
 * One wizard step as a react-hook-form form validated by its shared step schema, with messages in the
 * UI language. An empty required field says "required" (not "invalid value"), whatever check failed.
 * Every change is reported (for the draft); server errors of this step are put on its fields.
 */
export function useStepForm(
  schema: StepSchema,
  values: WizardValues,
  onValuesChange: (values: WizardValues) => void,
  serverErrors: Record<string, string>,
) {
  const { i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const base = zodResolver(schema, { error: zodErrorMap(lng) }) as unknown as Resolver<FieldValues>;
  const resolver: Resolver<FieldValues> = async (input, context, options) => {
    const result = await base(input, context, options);
    for (const [name, error] of Object.entries(result.errors)) {
      if (error && typeof error === 'object' && 'message' in error && isEmpty(input[name])) {
        (error as { message?: string }).message = validationMessage('required', lng);
      }
    }
    return result;
  };
  const form = useForm<FieldValues>({ defaultValues: pickStep(schema, values), resolver, mode: 'onTouched' });

  const report = useEffectEvent((next: FieldValues) => onValuesChange(next as WizardValues));
  // `subscribe` (not `watch`) reports changes without re-rendering and stays memoisable.
  useEffect(
    () => form.subscribe({ formState: { values: true }, callback: ({ values: next }) => report(next) }),
    [form],
  );

  const applyServerErrors = useEffectEvent(() => {
    for (const [field, message] of Object.entries(serverErrors)) {
      const root = field.split('.')[0]!;
      if (Object.hasOwn(schema.shape, root)) form.setError(root, { type: 'server', message });
    }
  });
  useEffect(() => applyServerErrors(), [serverErrors]);

  const submitted = form.formState.isSubmitted;
  const revalidate = useEffectEvent(() => {
    if (submitted) void form.trigger();
  });
  useEffect(() => revalidate(), [lng]);

  return form;
}

/**
 * Registers a numeric input (a text field, so Arabic-Indic digits can be typed: `type=number` drops
 * them): empty means "not given" (undefined), anything else a number.
 */
export function numberInput(register: UseFormRegister<FieldValues>, name: string) {
  return register(name, { setValueAs: numberValue });
}

/** Registers a select of lookup ids: the empty option means "not chosen" (null). */
export function idSelect(register: UseFormRegister<FieldValues>, name: string) {
  return register(name, {
    setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
  });
}
