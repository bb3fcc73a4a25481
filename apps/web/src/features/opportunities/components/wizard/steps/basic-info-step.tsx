import { useTranslation } from '@/lib/use-translation';
import { OPPORTUNITY_TYPES } from '@safqa/shared/constants';
import { basicInfoStep } from '@safqa/shared/validation/opportunities';
import { IMAGE_ACCEPT } from '@safqa/shared/validation/uploads';
import { OpportunityLogo } from '@/components/opportunity-card';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/form-field';
import { lookupName, useLookup } from '@/lib/lookups';
import { asLanguage } from '@/lib/localized';
import { fieldError } from '@/lib/use-zod-form';
import { UploadProgressBar } from '../file-dropzone';
import { EnglishFromArabic } from './english-from-arabic';
import type { StepProps } from '../step-props';
import { idSelect, useStepForm } from '../use-step-form';
import { useUploadGate, useUploads } from '../use-uploads';
import { Select } from '@/components/ui/select';

/** An English field reads left to right until it holds text, then by that text: it may hold the Arabic as written. */
const textDirection = (value: unknown) => (typeof value === 'string' && value.trim() ? 'auto' : 'ltr');

/** Step 1: names and descriptions in both languages, type, sector and the optional logo. */
export function BasicInfoStep({ formId, values, serverErrors, onChange, onNext, onBusyChange }: StepProps) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const form = useStepForm(basicInfoStep, values, onChange, serverErrors);
  const { errors } = form.formState;
  const error = (name: string) => fieldError(errors[name]?.message as string | undefined, lng);
  const businessTypes = useLookup('business-types');
  const uploads = useUploads();
  const whenIdle = useUploadGate(uploads.busy, onBusyChange);
  const logo = form.watch('logo') as string | null | undefined;

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => whenIdle(event, (e) => void form.handleSubmit((v) => onNext(v))(e))}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('opportunities.fields.nameAr')} error={error('nameAr')}>
          {(control) => <Input {...control} dir="rtl" lang="ar" {...form.register('nameAr')} />}
        </Field>
        <Field label={t('opportunities.fields.name')} error={error('name')}>
          {(control) => (
            <Input
              {...control}
              dir={textDirection(form.watch('name'))}
              lang="en"
              {...form.register('name')}
            />
          )}
        </Field>
      </div>
      <EnglishFromArabic form={form} />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('opportunities.fields.type')}
        </legend>
        <div className="flex flex-wrap gap-3">
          {OPPORTUNITY_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-slate-600 dark:has-checked:bg-brand-950"
            >
              <input type="radio" value={type} className="accent-brand-700" {...form.register('type')} />
              {t(`opportunities.wizard.type.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t('opportunities.fields.businessTypeId')} error={error('businessTypeId')}>
        {(control) => (
          <Select
            {...control}
            {...idSelect(form.register, 'businessTypeId')}
            value={String(form.watch('businessTypeId') ?? '')}
          >
            <option value="">{t('opportunities.wizard.choose')}</option>
            {businessTypes.data?.map((item) => (
              <option key={item.id} value={item.id}>
                {lookupName(item, lng)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('opportunities.fields.descriptionAr')} error={error('descriptionAr')}>
        {(control) => (
          <Textarea {...control} rows={5} dir="rtl" lang="ar" {...form.register('descriptionAr')} />
        )}
      </Field>
      <Field label={t('opportunities.fields.description')} error={error('description')}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            dir={textDirection(form.watch('description'))}
            lang="en"
            {...form.register('description')}
          />
        )}
      </Field>
      <fieldset className="grid gap-3">
        <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('opportunities.fields.logo')}{' '}
          <span className="font-normal text-slate-500">({t('opportunities.wizard.optional')})</span>
        </legend>
        <div className="flex flex-wrap items-center gap-4">
          <OpportunityLogo logo={logo ?? null} className="size-20" />
          <label className="inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100">
            {logo ? t('opportunities.wizard.changeLogo') : t('opportunities.wizard.uploadLogo')}
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              disabled={uploads.busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                uploads
                  .uploadLogo(file)
                  .then((uploaded) => form.setValue('logo', uploaded.url, { shouldDirty: true }))
                  .catch(() => undefined); // already told the user (toast)
              }}
            />
          </label>
          {logo ? (
            <Button variant="ghost" onClick={() => form.setValue('logo', null, { shouldDirty: true })}>
              {t('opportunities.wizard.removeLogo')}
            </Button>
          ) : null}
        </div>
        <UploadProgressBar progress={uploads.progress} />
      </fieldset>
    </form>
  );
}
