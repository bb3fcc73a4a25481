import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Flag from 'lucide-react/icons/flag';
import { useTranslation } from '@/lib/use-translation';
import { REPORT_REASONS, reportFormInput, type ReportTargetType } from '@safqa/shared/validation/reports';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { Field, Textarea, controlClasses } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';
import { isApiError, serverMessage } from '@/lib/api-client';
import { loginPathFor } from '@/lib/auth-redirect';
import { useCreateReport } from '@/lib/create-report';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useSession } from '@/lib/use-session';

/**
 * "Report" on a listing, its owner's card or a chat message (API.md "Trust and safety"): a reason and
 * details, checked by the shared schema here and on the server. Signed-out visitors sign in first.
 * `label` names what is reported for screen readers when the button sits among many (chat messages).
 */
export function ReportButton({
  targetType,
  targetId,
  label,
  compact = false,
}: {
  targetType: ReportTargetType;
  targetId: number;
  label?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={label}
        className={compact ? 'h-auto px-1.5 py-0.5 text-xs' : undefined}
        onClick={() => {
          if (!isSignedIn) {
            void navigate(loginPathFor(location), { state: { from: location } });
            return;
          }
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} />
        {t(`common.report.button.${targetType}`)}
      </Button>
      {open ? (
        <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ReportDialog({
  targetType,
  targetId,
  onClose,
}: {
  targetType: ReportTargetType;
  targetId: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const create = useCreateReport();
  const form = useZodForm(reportFormInput, { defaultValues: { details: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ targetType, targetId, ...values });
      toast({ title: t('common.report.sent'), description: t('common.report.sentBody') });
      onClose();
    } catch (failure) {
      if (applyServerFieldErrors(failure, form.setError, ['reason', 'details'])) return;
      const already = isApiError(failure) && failure.code === 'ALREADY_REPORTED';
      toast({
        variant: already ? 'default' : 'destructive',
        title: already ? t('common.report.already') : t('common.report.failed'),
        description: already ? undefined : (serverMessage(failure) ?? undefined),
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
      title={t(`common.report.title.${targetType}`)}
      description={t('common.report.description')}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('common.report.submit')}
      pending={isSubmitting}
    >
      <Field label={t('common.report.reason')} error={fieldError(errors.reason?.message, i18n.language)}>
        {(control) => (
          <select {...control} className={controlClasses} defaultValue="" {...form.register('reason')}>
            <option value="" disabled>
              {t('common.report.choose')}
            </option>
            {REPORT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`common.report.reasons.${reason}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('common.report.details')}
        hint={t('common.report.detailsHint')}
        error={fieldError(errors.details?.message, i18n.language)}
      >
        {(control) => <Textarea {...control} rows={4} {...form.register('details')} />}
      </Field>
    </FormDialog>
  );
}
