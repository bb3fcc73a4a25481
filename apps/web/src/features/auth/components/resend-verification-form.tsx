import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Send from 'lucide-react/icons/send';
import { emailForm } from '@safqa/shared/validation/auth';
import { HumanCheck } from '@/components/human-check';
import { useHumanCheckedSubmit } from '@/components/use-human-check';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput, Field } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { trackEvent } from '@/lib/analytics';
import { serverMessage } from '@/lib/api-client';
import { fieldError, useZodForm } from '@/lib/use-zod-form';
import { useResendVerification } from '../api/resend-verification';

type Status = { state: 'idle' } | { state: 'sent'; message: string } | { state: 'error'; message: string };

/**
 * The verify-email page without a token (SPEC.md sections 2 and 8): email, human check, Resend. A
 * missing human check is a destructive toast; a failure shows the server's message or a default.
 */
export function ResendVerificationForm() {
  const { t, i18n } = useTranslation();
  const resend = useResendVerification();
  const form = useZodForm(emailForm, { defaultValues: { email: '' } });
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const { humanCheck, submitWith, pending } = useHumanCheckedSubmit({
    requestPending: resend.isPending,
    onMissing: () =>
      toast({
        variant: 'destructive',
        title: t('auth.verify.resendTitle'),
        description: t('auth.humanCheck.required'),
      }),
  });

  // handleSubmit runs in the submit event, not during render: the handler resets the widget by ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async ({ email }) => {
      setStatus({ state: 'idle' });
      await submitWith(async (captcha) => {
        try {
          const answer = await resend.mutateAsync({ email, recaptchaToken: captcha });
          trackEvent('email_verification_resend');
          form.reset({ email: '' });
          setStatus({ state: 'sent', message: answer.message });
        } catch (error) {
          const message = serverMessage(error) ?? t('auth.verify.resendFailed');
          toast({ variant: 'destructive', title: t('auth.verify.resendTitle'), description: message });
          setStatus({ state: 'error', message });
        }
      });
    })(event);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('auth.verify.resendTitle')}</h2>
      <p className="-mt-3 text-sm text-slate-600 dark:text-slate-400">{t('auth.verify.resendIntro')}</p>
      {status.state === 'sent' ? (
        <Alert variant="success" title={t('auth.verify.resentTitle')}>
          {status.message}
        </Alert>
      ) : null}
      {status.state === 'error' ? <Alert variant="error">{status.message}</Alert> : null}
      <Field
        label={t('auth.shared.email')}
        error={fieldError(form.formState.errors.email?.message, i18n.language)}
      >
        {(control) => <EmailInput {...control} {...form.register('email')} />}
      </Field>
      <HumanCheck {...humanCheck.props} />
      <Button
        type="submit"
        size="lg"
        disabled={pending}
        aria-busy={pending || undefined}
        className="w-full sm:w-auto"
      >
        {pending ? (
          <SpinnerIcon className="size-5" />
        ) : (
          <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        )}
        {pending ? t('auth.verify.resending') : t('auth.verify.resend')}
      </Button>
    </form>
  );
}
