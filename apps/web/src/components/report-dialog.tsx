import type { RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { REPORT_REASONS, reportFormInput, type ReportTargetType } from '@safqa/shared/validation/reports';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, Textarea } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useCreateReport } from '@/lib/create-report';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { Select } from '@/components/ui/select';

/**
 * The report form (reason and details, checked by the shared schema here and on the server). Loaded
 * only when asked for (report-button.tsx): the dialog library is not part of the pages it sits on.
 */
export function ReportDialog({
  targetType,
  targetId,
  open,
  onOpenChange,
  opener,
}: {
  targetType: ReportTargetType;
  targetId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreateReport();
  const form = useZodForm(reportFormInput, { defaultValues: { details: '' } });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    onOpenChange(false);
    form.reset();
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ targetType, targetId, ...values });
      toast({ title: t('safety.report.sent'), description: t('safety.report.sentBody') });
      close();
    } catch (failure) {
      if (applyServerFieldErrors(failure, form.setError, ['reason', 'details'])) return;
      const already = isApiError(failure) && failure.code === 'ALREADY_REPORTED';
      toast({
        variant: already ? 'default' : 'destructive',
        title: already ? t('safety.report.already') : t('safety.report.failed'),
        description: already ? undefined : (serverMessage(failure) ?? undefined),
      });
      close();
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      opener={opener}
      title={t(`safety.report.title.${targetType}`)}
      description={t('safety.report.description')}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('safety.report.submit')}
      pending={isSubmitting}
    >
      <Field label={t('safety.report.reason')} error={fieldError(errors.reason?.message, i18n.language)}>
        {(control) => (
          <Select {...control} defaultValue="" {...form.register('reason')}>
            <option value="" disabled>
              {t('safety.report.choose')}
            </option>
            {REPORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`safety.report.reasons.${reason}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label={t('safety.report.details')}
        hint={t('safety.report.detailsHint')}
        error={fieldError(errors.details?.message, i18n.language)}
      >
        {(control) => <Textarea {...control} rows={4} {...form.register('details')} />}
      </Field>
    </FormDialog>
  );
}
