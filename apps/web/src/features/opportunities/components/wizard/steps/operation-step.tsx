import { useTranslation } from '@/lib/use-translation';
import { operationDetailsStep } from '@safqa/shared/validation/opportunities';
import { Field, Input, NumberInput } from '@/components/ui/form-field';
import { lookupName, useLookup } from '@/lib/lookups';
import { asLanguage } from '@/lib/localized';
import { fieldError } from '@/lib/use-zod-form';
import type { StepProps } from '../step-props';
import { idSelect, numberInput, useStepForm } from '../use-step-form';
import { Select } from '@/components/ui/select';

/** Step 3: workers, foundation date, employees, branches, company age and size. */
export function OperationStep({ formId, values, serverErrors, onChange, onNext }: StepProps) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const form = useStepForm(operationDetailsStep, values, onChange, serverErrors);
  const { errors } = form.formState;
  const error = (name: string) => fieldError(errors[name]?.message as string | undefined, lng);
  const ages = useLookup('company-ages');
  const sizes = useLookup('company-sizes');
  const optional = ` (${t('opportunities.wizard.optional')})`;
  const today = new Date().toISOString().slice(0, 10);

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void form.handleSubmit((v) => onNext(v))(event)}
      className="grid gap-5 sm:grid-cols-2"
    >
      <Field label={t('opportunities.fields.facilitySize')} error={error('facilitySize')}>
        {(control) => <NumberInput {...control} {...numberInput(form.register, 'facilitySize')} />}
      </Field>
      <Field label={t('opportunities.fields.facilityFoundationDay')} error={error('facilityFoundationDay')}>
        {(control) => (
          <Input {...control} type="date" max={today} dir="ltr" {...form.register('facilityFoundationDay')} />
        )}
      </Field>
      <Field label={t('opportunities.fields.employeesCount') + optional} error={error('employeesCount')}>
        {(control) => <NumberInput {...control} {...numberInput(form.register, 'employeesCount')} />}
      </Field>
      <Field label={t('opportunities.fields.branchesCount') + optional} error={error('branchesCount')}>
        {(control) => <NumberInput {...control} {...numberInput(form.register, 'branchesCount')} />}
      </Field>
      <Field label={t('opportunities.fields.companyAgeId') + optional} error={error('companyAgeId')}>
        {(control) => (
          <Select
            {...control}
            {...idSelect(form.register, 'companyAgeId')}
            value={String(form.watch('companyAgeId') ?? '')}
          >
            <option value="">{t('opportunities.wizard.choose')}</option>
            {ages.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('opportunities.fields.companySizeId') + optional} error={error('companySizeId')}>
        {(control) => (
          <Select
            {...control}
            {...idSelect(form.register, 'companySizeId')}
            value={String(form.watch('companySizeId') ?? '')}
          >
            <option value="">{t('opportunities.wizard.choose')}</option>
            {sizes.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </form>
  );
}
