import { useTranslation } from '@/lib/use-translation';
import { rejectInput, suspendInput } from '@safqa/shared/validation/admin';
import { Field, Textarea } from '@/components/ui/form-field';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { FormDialog } from '@/components/ui/form-dialog';

/**
 * Asks why, before a rejection (a reason of at least 10 characters, the same rule as the server's)
 * or a suspension (optional). Mounted while open. `onSubmit` throws to keep the dialog open.
 */
export function ReasonDialog({
  action,
  name,
  onClose,
  onSubmit,
}: {
  action: 'reject' | 'suspend';
  name: string;
  onClose: () => void;
  onSubmit: (reason: string | null) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const schema = action === 'reject' ? rejectInput : suspendInput;
  const form = useZodForm(schema, { defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.reason ?? null);
      onClose();
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, ['reason']);
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t(`admin.moderation.${action}Title`)}
      description={t(`admin.moderation.${action}Body`, { name })}
      onSubmit={(event) => void submit(event)}
      submitLabel={t(`admin.moderation.${action}`)}
      pending={isSubmitting}
      submitVariant={action === 'reject' ? 'destructive' : 'primary'}
    >
      <Field
        label={t(action === 'reject' ? 'admin.moderation.reason' : 'admin.moderation.reasonOptional')}
        hint={t(`admin.moderation.${action}Hint`)}
        error={fieldError(errors.reason?.message, i18n.language)}
      >
        {(control) => <Textarea {...control} rows={4} {...form.register('reason')} />}
      </Field>
    </FormDialog>
  );
}
