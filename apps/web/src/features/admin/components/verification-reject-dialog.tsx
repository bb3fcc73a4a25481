import { verificationRejectForm } from '@safqa/shared/validation/verifications';
import { Field, Textarea } from '@/components/ui/form-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useTranslation } from '@/lib/use-translation';

/** Asks why a verification is rejected (10 to 500 characters, the server's rule). Mounted while open. */
export function VerificationRejectDialog({
  username,
  onClose,
  onSubmit,
}: {
  username: string;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(verificationRejectForm, { defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.reason);
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
      title={t('admin.verifications.rejectTitle')}
      description={t('admin.verifications.rejectBody', { name: username })}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('admin.verifications.reject')}
      pending={isSubmitting}
      submitVariant="destructive"
    >
      <Field
        label={t('admin.verifications.reason')}
        hint={t('admin.verifications.reasonHint')}
        error={fieldError(errors.reason?.message, i18n.language)}
      >
        {(control) => <Textarea {...control} rows={4} dir="auto" {...form.register('reason')} />}
      </Field>
    </FormDialog>
  );
}
