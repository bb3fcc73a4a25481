import { useEffect } from 'react';
import { loiForm, loiSignInput, type Deal } from '@safqa/shared/validation/deals';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, Input, NumberInput, Textarea } from '@/components/ui/form-field';
import { serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useProposeLoi } from '../api/propose-loi';
import { useSignLoi } from '../api/sign-loi';

/** The terms a new version starts from: the latest version's, else the accepted offer and listing. */
function startingTerms(deal: Deal) {
  const latest = deal.lois.at(-1);
  if (latest) {
    return {
      price: String(latest.price),
      percentage: String(latest.percentage),
      exclusivityDays: String(latest.exclusivityDays),
      dueDiligenceDays: String(latest.dueDiligenceDays),
      conditions: latest.conditions,
    };
  }
  return {
    price: String(deal.offer.amount ?? deal.opportunity.requiredAmount),
    percentage: String(deal.opportunity.offeredPercentage),
    exclusivityDays: '30',
    dueDiligenceDays: '30',
    conditions: '',
  };
}

/** Propose (or counter-propose) a version of the letter of intent. */
export function ProposeLoiDialog({
  deal,
  open,
  onOpenChange,
}: {
  deal: Deal;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const propose = useProposeLoi(deal.id);
  const form = useZodForm(loiForm, { defaultValues: startingTerms(deal) });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(startingTerms(deal));
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit((values) =>
    propose.mutate(values, {
      onSuccess: () => onOpenChange(false),
      onError: (error) =>
        applyServerFieldErrors(error, form.setError, [
          'price',
          'percentage',
          'exclusivityDays',
          'dueDiligenceDays',
          'conditions',
        ]),
    }),
  );
  const numberField = (name: 'price' | 'percentage' | 'exclusivityDays' | 'dueDiligenceDays') => (
    <Field label={t(`deals.loi.${name}`)} error={fieldError(errors[name]?.message, lng)}>
      {(control) => <NumberInput {...control} decimal={name === 'percentage'} {...form.register(name)} />}
    </Field>
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={deal.lois.length ? t('deals.loi.counter') : t('deals.loi.propose')}
      onSubmit={submit}
      submitLabel={t('deals.loi.submit')}
      pending={propose.isPending}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {numberField('price')}
        {numberField('percentage')}
        {numberField('exclusivityDays')}
        {numberField('dueDiligenceDays')}
      </div>
      <Field label={t('deals.loi.conditions')} error={fieldError(errors.conditions?.message, lng)}>
        {(control) => <Textarea {...control} dir="auto" rows={4} {...form.register('conditions')} />}
      </Field>
      {propose.isError && !Object.keys(errors).length ? (
        <Alert variant="error">{serverMessage(propose.error)}</Alert>
      ) : null}
    </FormDialog>
  );
}

/** Sign a version by typing one's full name and accepting its terms. */
export function SignLoiDialog({
  dealId,
  version,
  onClose,
}: {
  dealId: number;
  version: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const sign = useSignLoi(dealId);
  const form = useZodForm(loiSignInput, { defaultValues: { fullName: '' } });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    sign.mutate(
      { ...values, version: version! },
      {
        onSuccess: () => {
          form.reset();
          onClose();
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, ['fullName', 'accept']),
      },
    ),
  );
  return (
    <FormDialog
      open={version !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('deals.loi.signTitle', { version: version ?? '' })}
      onSubmit={submit}
      submitLabel={t('deals.loi.sign')}
      pending={sign.isPending}
    >
      <Field
        label={t('deals.loi.fullName')}
        hint={t('deals.loi.fullNameHint')}
        error={fieldError(errors.fullName?.message, lng)}
      >
        {(control) => <Input {...control} dir="auto" autoComplete="name" {...form.register('fullName')} />}
      </Field>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            className="mt-1 size-4"
            aria-invalid={Boolean(errors.accept)}
            {...form.register('accept')}
          />
          {t('deals.loi.accept')}
        </label>
        {errors.accept ? (
          <p className="text-sm text-red-700 dark:text-red-400">{fieldError(errors.accept.message, lng)}</p>
        ) : null}
      </div>
      {sign.isError && !Object.keys(errors).length ? (
        <Alert variant="error">{serverMessage(sign.error)}</Alert>
      ) : null}
    </FormDialog>
  );
}
