import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { normaliseSaudiPhone } from '@safqa/shared/phone';
import { contactInfoStep } from '@safqa/shared/validation/opportunities';
import { EmailInput, Field, Input, Textarea } from '@/components/ui/form-field';
import { useCurrentUser, type CurrentUser } from '@/lib/current-user';
import { asLanguage } from '@/lib/localized';
import { fieldError } from '@/lib/use-zod-form';
import type { StepProps } from '../step-props';
import { useStepForm } from '../use-step-form';

const CONTACT_FIELDS = ['contactMemberName', 'contactEmail', 'contactPhone'] as const;

/**
 * Step 6: who to contact; the phone is shown normalised (05XXXXXXXX becomes 9665XXXXXXXX) when leaving
 * the field. A step whose three contact fields are all empty is filled from the account (its username,
 * email and phone: what `User` carries), and says so; fields already given are never overwritten.
 */
export function ContactStep({ formId, values, serverErrors, onChange, onNext }: StepProps) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const form = useStepForm(contactInfoStep, values, onChange, serverErrors);
  const { errors } = form.formState;
  const error = (name: string) => fieldError(errors[name]?.message as string | undefined, lng);
  const optional = ` (${t('opportunities.wizard.optional')})`;
  const phone = form.register('contactPhone');
  const account = useCurrentUser();
  // Decided when the step opens: only a step with nothing given yet is filled from the account (and
  // says so); coming back to it later, or to an edited listing, leaves what is there.
  const [startsEmpty] = useState(() =>
    CONTACT_FIELDS.every((field) => String(values[field] ?? '').trim() === ''),
  );
  const prefilled = startsEmpty && account.data !== undefined;
  const prefill = useEffectEvent((user: CurrentUser) => {
    const fromAccount = {
      contactMemberName: user.username,
      contactEmail: user.email,
      contactPhone: user.phoneNumber ? normaliseSaudiPhone(user.phoneNumber) : '',
    };
    for (const field of CONTACT_FIELDS) {
      // A field typed into while the account was loading keeps what was typed.
      if (fromAccount[field] && String(form.getValues(field) ?? '').trim() === '') {
        form.setValue(field, fromAccount[field], { shouldDirty: true });
      }
    }
  });
  useEffect(() => {
    if (startsEmpty && account.data) prefill(account.data);
  }, [startsEmpty, account.data]);

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void form.handleSubmit((v) => onNext(v))(event)}
      className="grid gap-5 sm:grid-cols-2"
    >
      {prefilled ? (
        <p
          role="status"
          className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 sm:col-span-2 dark:bg-brand-950 dark:text-brand-100"
        >
          {t('opportunities.wizard.contactPrefilled')}
        </p>
      ) : null}
      <Field
        label={t('opportunities.fields.contactMemberName') + optional}
        error={error('contactMemberName')}
      >
        {(control) => <Input {...control} autoComplete="name" {...form.register('contactMemberName')} />}
      </Field>
      <Field
        label={t('opportunities.fields.contactPhone')}
        error={error('contactPhone')}
        hint={t('opportunities.wizard.phoneHint')}
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            dir="ltr"
            placeholder="9665XXXXXXXX"
            {...phone}
            onBlur={(event) => {
              const normalised = event.target.value.trim()
                ? normaliseSaudiPhone(event.target.value.trim())
                : '';
              if (normalised !== event.target.value) form.setValue('contactPhone', normalised);
              void phone.onBlur(event);
            }}
          />
        )}
      </Field>
      <Field
        label={t('opportunities.fields.contactEmail') + optional}
        error={error('contactEmail')}
        className="sm:col-span-2"
      >
        {(control) => <EmailInput {...control} {...form.register('contactEmail')} />}
      </Field>
      <Field
        label={t('opportunities.fields.extraDetails') + optional}
        error={error('extraDetails')}
        className="sm:col-span-2"
      >
        {(control) => <Textarea {...control} rows={4} {...form.register('extraDetails')} />}
      </Field>
    </form>
  );
}
