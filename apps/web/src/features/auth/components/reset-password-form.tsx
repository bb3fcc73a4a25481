import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import KeyRound from 'lucide-react/icons/key-round';
import { resetPasswordForm } from '@safqa/shared/validation/auth';
import { PasswordChecklist } from '@/components/password-checklist';
import { PasswordInput } from '@/components/password-input';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { trackEvent } from '@/lib/analytics';
import { serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useResetPassword } from '../api/reset-password';

/**
 * The new-password step of /reset-password: show/hide, the live checklist, Reset (disabled until the
 * token is confirmed and while saving) and Cancel (to /login). A failure shows the server's message.
 */
export function ResetPasswordForm({
  token,
  tokenValid,
  onDone,
}: {
  token: string;
  tokenValid: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reset = useResetPassword();
  const form = useZodForm(resetPasswordForm, { defaultValues: { newPassword: '' } });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';
  const [failure, setFailure] = useState<string | null>(null);
  const pending = reset.isPending;

  const onSubmit = form.handleSubmit(async ({ newPassword: value }) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, newPassword: value });
      trackEvent('password_reset_success');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['newPassword']);
      setFailure(serverMessage(error) ?? t('auth.shared.unexpected'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {failure ? (
        <Alert variant="error" title={t('auth.reset.errorTitle')}>
          {failure}
        </Alert>
      ) : null}
      <Field
        label={t('auth.reset.newPassword')}
        error={fieldError(form.formState.errors.newPassword?.message, i18n.language)}
      >
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('newPassword')} />
        )}
      </Field>
      <PasswordChecklist value={newPassword} />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          size="lg"
          disabled={pending || !tokenValid}
          aria-busy={pending || undefined}
          className="grow sm:grow-0"
        >
          {pending ? <SpinnerIcon className="size-5" /> : <KeyRound aria-hidden="true" className="size-5" />}
          {pending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
        <Link to="/login" className={buttonClasses('secondary', 'lg', 'grow sm:grow-0')}>
          {t('auth.reset.cancel')}
        </Link>
      </div>
    </form>
  );
}
