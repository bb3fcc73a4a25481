import { useTranslation } from '@/lib/use-translation';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { OFFER_REASONS, offerDetails, type OfferDetailsValues } from '@safqa/shared/validation/offers';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/form-field';
import { fieldError, useZodForm } from '@/lib/use-zod-form';
import { latinDigits } from '@/lib/digits';
import { amountValue } from './form-helpers';

export type OfferDetails = z.output<typeof offerDetails>;

interface OfferDetailsStepProps {
  defaultValues: OfferDetailsValues;
  /** Server messages for these fields (a 400 after the code step), shown on the fields. */
  serverErrors?: Partial<Record<keyof OfferDetailsValues, string>>;
  onNext: (values: OfferDetails, raw: OfferDetailsValues) => void;
}

/** Step 1: name, Saudi mobile, at least one reason, a message of 10 characters or more, an optional amount. */
export function OfferDetailsStep({ defaultValues, serverErrors = {}, onNext }: OfferDetailsStepProps) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(offerDetails, { defaultValues });
  const { errors } = form.formState;
  const error = (name: keyof OfferDetailsValues) =>
    fieldError(errors[name]?.message, i18n.language) ?? serverErrors[name];

  const onSubmit = form.handleSubmit((values) => onNext(values, form.getValues()));

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <Field label={t('offers.form.name')} error={error('name')}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label={t('offers.form.phone')} hint={t('offers.form.phoneHint')} error={error('phone')}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            className="text-start"
            {...form.register('phone', { setValueAs: (value: string) => latinDigits(value ?? '') })}
          />
        )}
      </Field>
      <fieldset
        className="grid gap-2"
        aria-describedby="offer-reasons-hint"
        aria-invalid={Boolean(error('reasons'))}
      >
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('offers.form.reasons')}
        </legend>
        <p id="offer-reasons-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {t('offers.form.reasonsHint')}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {OFFER_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:text-slate-200 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                {...form.register(`reasons.${reason}`)}
              />
              <span>{t(`offers.reasons.${reason}`)}</span>
            </label>
          ))}
        </div>
        {error('reasons') ? (
          <p className="text-sm text-red-700 dark:text-red-400">{error('reasons')}</p>
        ) : null}
      </fieldset>
      <Field label={t('offers.form.message')} hint={t('offers.form.messageHint')} error={error('message')}>
        {(control) => <Textarea {...control} rows={4} dir="auto" {...form.register('message')} />}
      </Field>
      <Field label={t('offers.form.amount')} hint={t('offers.form.amountHint')} error={error('amount')}>
        {(control) => (
          <div className="relative" dir="ltr">
            <Input
              {...control}
              inputMode="numeric"
              className="pe-14 text-start"
              {...form.register('amount', { setValueAs: amountValue })}
            />
            <span className="pointer-events-none absolute inset-y-0 end-3 flex items-center text-sm text-slate-500 dark:text-slate-400">
              {t('offers.form.currency')}
            </span>
          </div>
        )}
      </Field>
      <div>
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          {t('offers.form.next')}
          <ArrowLeft aria-hidden="true" className="size-5 ltr:rotate-180" />
        </Button>
      </div>
    </form>
  );
}
