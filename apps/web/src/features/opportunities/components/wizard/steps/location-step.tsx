import { useTranslation } from '@/lib/use-translation';
import { locationStep } from '@safqa/shared/validation/opportunities';
import { Field } from '@/components/ui/form-field';
import { citiesOfRegion, useCities } from '@/lib/cities';
import { lookupName, useLookup } from '@/lib/lookups';
import { asLanguage } from '@/lib/localized';
import { fieldError } from '@/lib/use-zod-form';
import type { StepProps } from '../step-props';
import { idSelect, useStepForm } from '../use-step-form';
import { Select } from '@/components/ui/select';

/** Step 2: region, then a city of that region (choosing another region clears the city). */
export function LocationStep({ formId, values, serverErrors, onChange, onNext }: StepProps) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const form = useStepForm(locationStep, values, onChange, serverErrors);
  const { errors } = form.formState;
  const error = (name: string) => fieldError(errors[name]?.message as string | undefined, lng);
  const regions = useLookup('regions');
  const cities = useCities();
  const regionId = form.watch('regionId') as number | null | undefined;
  const regionCities = regionId ? citiesOfRegion(cities.data, regionId) : [];
  const region = idSelect(form.register, 'regionId');

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => void form.handleSubmit((v) => onNext(v))(event)}
      className="grid gap-5 sm:grid-cols-2"
    >
      <Field label={t('opportunities.fields.regionId')} error={error('regionId')}>
        {(control) => (
          <Select
            {...control}
            {...region}
            value={String(regionId ?? '')}
            onChange={(event) => {
              void region.onChange(event);
              const city = cities.data?.find((c) => c.id === form.getValues('cityId'));
              if (city && city.regionId !== Number(event.target.value)) form.setValue('cityId', null);
            }}
          >
            <option value="">{t('opportunities.wizard.choose')}</option>
            {regions.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label={t('opportunities.fields.cityId')}
        error={error('cityId')}
        hint={regionId ? undefined : t('opportunities.wizard.regionFirst')}
      >
        {(control) => (
          <Select
            {...control}
            disabled={!regionId}
            {...idSelect(form.register, 'cityId')}
            value={String(form.watch('cityId') ?? '')}
          >
            <option value="">{t('opportunities.wizard.choose')}</option>
            {regionCities.map((item) => (
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
