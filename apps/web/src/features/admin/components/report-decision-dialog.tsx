import { useTranslation } from '@/lib/use-translation';
import {
  ACTION_OF_TARGET,
  reportDecisionInput,
  type AdminReport,
  type ReportAction,
} from '@safqa/shared/validation/reports';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, Textarea } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useDecideReport } from '../api/decide-report';
import { Select } from '@/components/ui/select';

/**
 * Resolve a report (with the action that fits its target, or none) or dismiss it, with an optional
 * note that the reporter reads; suspending a user needs a note of 10+ characters (it is the reason
 * the user is emailed), which the server checks and this form shows. Mounted while open.
 */
export function ReportDecisionDialog({
  report,
  decision,
  onClose,
}: {
  report: AdminReport;
  decision: 'resolved' | 'dismissed';
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const decide = useDecideReport();
  const actions: ReportAction[] =
    decision === 'resolved' ? [ACTION_OF_TARGET[report.targetType], 'none'] : ['none'];
  const form = useZodForm(reportDecisionInput, {
    defaultValues: { status: decision, action: actions[0], note: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await decide.mutateAsync({ id: report.id, input: { ...values, note: values.note || undefined } });
      toast({ title: t(`admin.reports.${decision}Done`), description: t('admin.reports.reporterNotified') });
      onClose();
    } catch (failure) {
      if (applyServerFieldErrors(failure, form.setError, ['action', 'note'])) return;
      toast({
        variant: 'destructive',
        title: t('admin.reports.failed'),
        description:
          isApiError(failure) && failure.code === 'INVALID_STATUS_TRANSITION'
            ? t('admin.reports.alreadyDecided')
            : (serverMessage(failure) ?? undefined),
      });
      onClose();
    }
  });

  return (
    <FormDialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t(decision === 'resolved' ? 'admin.reports.resolveTitle' : 'admin.reports.dismissTitle')}
      description={t(decision === 'resolved' ? 'admin.reports.resolveBody' : 'admin.reports.dismissBody')}
      onSubmit={(event) => void submit(event)}
      submitLabel={t(decision === 'resolved' ? 'admin.reports.resolve' : 'admin.reports.dismiss')}
      pending={isSubmitting}
    >
      {decision === 'resolved' ? (
        <Field label={t('admin.reports.action')} error={fieldError(errors.action?.message, i18n.language)}>
          {(control) => (
            <Select {...control} {...form.register('action')}>
              {actions.map((action) => (
                <option key={action} value={action}>
                  {t(`admin.reports.actions.${action}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <Field
        label={t('admin.reports.note')}
        hint={t('admin.reports.noteHint')}
        error={fieldError(errors.note?.message, i18n.language)}
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('note')} />}
      </Field>
    </FormDialog>
  );
}
