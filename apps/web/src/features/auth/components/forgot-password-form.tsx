import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import Send from 'lucide-react/icons/send';
import { emailForm } from '@safqa/shared/validation/auth';
import { HumanCheck } from '@/components/human-check';
import { useHumanCheckedSubmit } from '@/components/use-human-check';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmailInput, Field } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { trackEvent } from '@/lib/analytics';
import { serverMessage } from '@/lib/api-client';
import { fieldError, useZodForm } from '@/lib/use-zod-form';
import { useForgotPassword } from '../api/forgot-password';

type Status = { state: 'idle' } | { state: 'sent' } | { state: 'error'; message: string };

/**
 * SPEC.md sections 2, 4 and 8, forgot password: email (required), the human check, Send Reset Link
 * and Back to Login. Success clears the email and the human check and shows the same text whether or
 * not the account exists; a failure shows the server's message or a default inline.
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useTranslation();
  const forgot = useForgotPassword();
  const form = useZodForm(emailForm, { defaultValues: { email: '' } });
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const { humanCheck, submitWith, pending } = useHumanCheckedSubmit({
    requestPending: forgot.isPending,
    onMissing: () =>
      toast({
        variant: 'destructive',
        title: t('auth.forgot.errorTitle'),
        description: t('auth.humanCheck.required'),
      }),
  });

  // handleSubmit runs in the submit event, not during render: the handler resets the widget by ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async ({ email }) => {
      setStatus({ state: 'idle' });
      await submitWith(async (captcha) => {
        try {
          await forgot.mutateAsync({ email, recaptchaToken: captcha });
          trackEvent('password_reset_request');
          form.reset({ email: '' });
          setStatus({ state: 'sent' });
        } catch (error) {
          setStatus({ state: 'error', message: serverMessage(error) ?? t('auth.shared.unexpected') });
        }
      });
    })(event);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {status.state === 'sent' ? (
        <Alert variant="success" title={t('auth.forgot.successTitle')}>
          {t('auth.forgot.success')}
        </Alert>
      ) : null}
      {status.state === 'error' ? (
        <Alert variant="error" title={t('auth.forgot.errorTitle')}>
          {status.message}
        </Alert>
      ) : null}
      <Field
        label={t('auth.shared.email')}
        error={fieldError(form.formState.errors.email?.message, i18n.language)}
      >
        {(control) => <EmailInput {...control} {...form.register('email')} />}
      </Field>
      <HumanCheck {...humanCheck.props} />
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          size="lg"
          disabled={pending}
          aria-busy={pending || undefined}
          className="grow sm:grow-0"
        >
          {pending ? (
            <SpinnerIcon className="size-5" />
          ) : (
            <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          )}
          {pending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
        <Link to="/login" className={buttonClasses('secondary', 'lg', 'grow sm:grow-0')}>
          {t('auth.shared.backToLogin')}
        </Link>
      </div>
    </form>
  );
}
