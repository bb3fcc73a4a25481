import { useTranslation } from '@/lib/use-translation';
import type { z } from 'zod';
import {
  LOOKUP_INPUTS,
  type AdminLookup,
  type AnyLookupInput,
  type LookupKind,
} from '@safqa/shared/validation/lookups';
import { Field, Input } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useSaveLookup } from '../api/save-lookup';
import { FormDialog } from '@/components/ui/form-dialog';
import { Select } from '@/components/ui/select';

type Values = AnyLookupInput;
const FIELDS = ['nameAR', 'nameEN', 'sortOrder', 'regionId', 'value'] as const;
const asNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

/**
 * Add or edit an item of one lookup list, with the shared schema of its kind: both names required,
 * an optional sort order, the region of a city, the number of a share percentage. Mounted while
 * open, so each opening starts from the item's values.
 */
export function LookupFormDialog({
  kind,
  item,
  onClose,
  regions,
  defaultRegionId,
}: {
  kind: LookupKind;
  /** The item to edit; null to add one. */
  item: AdminLookup | null;
  onClose: () => void;
  regions: AdminLookup[];
  /** A new city's region: the one the list is filtered by. */
  defaultRegionId?: number;
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveLookup(kind);
  const schema = LOOKUP_INPUTS[kind] as unknown as z.ZodType<Values, Values>;
  const form = useZodForm(schema, {
    defaultValues: {
      nameAR: item?.nameAR ?? '',
      nameEN: item?.nameEN ?? '',
      sortOrder: item?.sortOrder,
      ...(kind === 'cities' ? { regionId: item?.regionId ?? defaultRegionId } : {}),
      ...(kind === 'share-percentages' ? { value: item?.value } : {}),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: (typeof FIELDS)[number]) => fieldError(errors[name]?.message, i18n.language);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ input: values, id: item?.id });
      toast({ title: t(item ? 'admin.lookups.updated' : 'admin.lookups.created'), size: 'sm' });
      onClose();
    } catch (failure) {
      if (!applyServerFieldErrors(failure, form.setError, [...FIELDS])) {
        toast({
          variant: 'destructive',
          title: t('admin.lookups.saveFailed'),
          description: serverMessage(failure) ?? undefined,
        });
      }
    }
  });

  const singular = t(`admin.lookups.${kind}.singular`);
  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={
        item
          ? t('admin.lookups.editTitle', { name: singular })
          : t('admin.lookups.addTitle', { name: singular })
      }
      onSubmit={(event) => void onSubmit(event)}
      submitLabel={t('admin.actions.save')}
      pending={isSubmitting}
    >
      <Field label={t('admin.lookups.nameAR')} error={error('nameAR')}>
        {(control) => <Input {...control} dir="rtl" lang="ar" {...form.register('nameAR')} />}
      </Field>
      <Field label={t('admin.lookups.nameEN')} error={error('nameEN')}>
        {(control) => <Input {...control} dir="ltr" lang="en" {...form.register('nameEN')} />}
      </Field>
      {kind === 'cities' ? (
        <Field label={t('admin.lookups.region')} error={error('regionId')}>
          {(control) => (
            <Select {...control} {...form.register('regionId', { setValueAs: asNumber })}>
              <option value="">{t('admin.lookups.chooseRegion')}</option>
              {regions.map((region) => (
                <option key={region.id} value={region.id}>
                  {i18n.language === 'en' ? region.nameEN : region.nameAR}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      {kind === 'share-percentages' ? (
        <Field label={t('admin.lookups.value')} hint={t('admin.lookups.valueHint')} error={error('value')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              max="100"
              dir="ltr"
              {...form.register('value', { setValueAs: asNumber })}
            />
          )}
        </Field>
      ) : null}
      <Field
        label={t('admin.lookups.sortOrder')}
        hint={t('admin.lookups.sortOrderHint')}
        error={error('sortOrder')}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            dir="ltr"
            {...form.register('sortOrder', { setValueAs: asNumber })}
          />
        )}
      </Field>
    </FormDialog>
  );
}
