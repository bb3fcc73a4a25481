import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import LogIn from 'lucide-react/icons/log-in';
import { loginForm } from '@safqa/shared/validation/auth';
import { HumanCheck } from '@/components/human-check';
import { useHumanCheckedSubmit } from '@/components/use-human-check';
import { PasswordInput } from '@/components/password-input';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmailInput, Field } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { fieldError, useZodForm } from '@/lib/use-zod-form';
import { useLogin } from '../api/login';
import { loginErrorMessage } from './login-error';
import { TwoStepForm } from './two-step-form';

/**
 * SPEC.md sections 2, 4 and 5, login: email and password (show/hide), the human check, links to
 * /forgot-password and /register. Sign in waits for the human check's proof of work (starting it if
 * the form was filled without touching it); only when none can be had: a destructive toast and no
 * call. After login: the tokens are stored and a welcome toast shown; the page redirects. Every
 * failure shows a toast and resets the human check.
 */
export function LoginForm() {
  const { t, i18n } = useTranslation();
  const login = useLogin();
  const form = useZodForm(loginForm, { defaultValues: { email: '', password: '' } });
  const { humanCheck, submitWith, pending } = useHumanCheckedSubmit({
    requestPending: login.isPending,
    onMissing: () =>
      toast({
        variant: 'destructive',
        title: t('auth.login.errorTitle'),
        description: t('auth.humanCheck.required'),
      }),
  });
  // With two-step sign-in on, the password's answer is a token for the second step.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const errors = form.formState.errors;

  // handleSubmit runs in the submit event, not during render: the handler resets the widget by ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit((values) =>
      submitWith(async (captcha) => {
        try {
          // Storing the tokens signs the visitor in; the login page then moves on (see routes/login-page.tsx).
          const answer = await login.mutateAsync({ ...values, recaptchaToken: captcha });
          if ('mfaRequired' in answer) {
            setMfaToken(answer.mfaToken);
            return;
          }
          toast({ title: t('auth.login.welcome'), description: t('auth.login.welcomeBody') });
        } catch (error) {
          const { text, unverified } = loginErrorMessage(error, t, i18n.language);
          toast({
            variant: 'destructive',
            title: t('auth.login.errorTitle'),
            description: text,
            action: unverified ? (
              <Link to="/verify-email" className={buttonClasses('secondary', 'sm')}>
                {t('auth.login.errors.resendLink')}
              </Link>
            ) : undefined,
          });
        }
      }),
    )(event);

  if (mfaToken) {
    return (
      <TwoStepForm
        key={mfaToken}
        mfaToken={mfaToken}
        onRestart={() => {
          setMfaToken(null);
          form.resetField('password');
          humanCheck.reset();
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      <Field label={t('auth.shared.email')} error={fieldError(errors.email?.message, i18n.language)}>
        {(control) => <EmailInput {...control} {...form.register('email')} />}
      </Field>
      <div className="grid gap-1.5">
        <Field label={t('auth.shared.password')} error={fieldError(errors.password?.message, i18n.language)}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
          )}
        </Field>
        <Link
          to="/forgot-password"
          className="justify-self-end rounded text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
        >
          {t('auth.login.forgot')}
        </Link>
      </div>
      <HumanCheck {...humanCheck.props} />
      <Button type="submit" size="lg" disabled={pending} aria-busy={pending || undefined} className="w-full">
        {pending ? (
          <SpinnerIcon className="size-5" />
        ) : (
          <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        )}
        {pending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <p className="text-center text-sm text-slate-600 dark:text-slate-400">
        {t('auth.login.noAccount')}{' '}
        <Link
          to="/register"
          className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
        >
          {t('auth.login.register')}
        </Link>
      </p>
    </form>
  );
}
