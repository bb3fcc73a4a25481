import { useState, type FormEvent } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import UserPlus from 'lucide-react/icons/user-plus';
import { registerForm, type RegisterFormInput, type SignupInput } from '@safqa/shared/validation/auth';
import { AdvisorFields } from '@/components/advisor-fields';
import { HumanCheck } from '@/components/human-check';
import { useHumanCheckedSubmit } from '@/components/use-human-check';
import { PasswordChecklist } from '@/components/password-checklist';
import { PasswordInput } from '@/components/password-input';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput, Field, Input } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { isApiError, serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useSignup } from '../api/signup';

const EMPTY: RegisterFormInput = {
  username: '',
  email: '',
  phoneNumber: '',
  password: '',
  isAdvisor: false,
  bio: '',
  experienceYears: '',
  businessTypeIds: [],
};
const FIELDS = [
  'username',
  'email',
  'phoneNumber',
  'password',
  'bio',
  'experienceYears',
  'businessTypeIds',
] as const;

/**
 * SPEC.md sections 2, 4 and 5, registration: username, email, optional phone, password with show/hide
 * and the live checklist, the advisor option, the human check (required before any call). Errors clear
 * per field as it is edited. On success the form and the human check are cleared and `onRegistered`
 * shows the verify-your-email card.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const signup = useSignup();
  const form = useZodForm(registerForm, { defaultValues: EMPTY, mode: 'onTouched' });
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';
  const errors = form.formState.errors;
  const error = (name: (typeof FIELDS)[number]) => fieldError(errors[name]?.message, i18n.language);
  const { humanCheck, submitWith, pending } = useHumanCheckedSubmit({
    requestPending: signup.isPending,
    onMissing: () => setCaptchaMissing(true),
  });

  const onCaptcha = (token: string | null) => {
    humanCheck.props.onVerify(token);
    if (token) setCaptchaMissing(false);
  };

  // handleSubmit runs in the submit event, not during render: the handler resets the widget by ref.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      await submitWith(async (captcha) => {
        const body: SignupInput = {
          username: values.username,
          email: values.email,
          password: values.password,
          role: 'owner',
          recaptchaToken: captcha,
          ...(values.phoneNumber ? { phoneNumber: values.phoneNumber } : {}),
          ...(values.isAdvisor
            ? {
                isAdvisor: true,
                bio: values.bio,
                experienceYears: values.experienceYears,
                businessTypeIds: values.businessTypeIds,
              }
            : {}),
        };
        try {
          await signup.mutateAsync(body);
          form.reset(EMPTY);
          onRegistered(values.email);
        } catch (caught) {
          if (isApiError(caught) && caught.code === 'EMAIL_EXISTS') {
            form.setError(
              'email',
              { type: 'server', message: t('auth.register.errors.emailExists') },
              { shouldFocus: true },
            );
            return;
          }
          if (applyServerFieldErrors(caught, form.setError, FIELDS)) {
            setFailure(t('auth.register.errors.registrationFailed'));
            return;
          }
          setFailure(serverMessage(caught) ?? t('auth.shared.unexpected'));
        }
      });
    })(event);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        {failure ? (
          <Alert variant="error" title={t('auth.register.errorTitle')}>
            {failure}
          </Alert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t('auth.register.username')} error={error('username')}>
            {(control) => <Input {...control} autoComplete="username" {...form.register('username')} />}
          </Field>
          <Field label={t('auth.shared.email')} error={error('email')}>
            {(control) => <EmailInput {...control} {...form.register('email')} />}
          </Field>
        </div>
        <Field
          label={t('auth.register.phone')}
          hint={t('auth.register.phoneHint')}
          error={error('phoneNumber')}
        >
          {(control) => (
            <Input
              {...control}
              type="tel"
              dir="ltr"
              autoComplete="tel"
              inputMode="tel"
              className="text-start"
              {...form.register('phoneNumber')}
            />
          )}
        </Field>
        <Field label={t('auth.shared.password')} error={error('password')}>
          {(control) => (
            <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
          )}
        </Field>
        <PasswordChecklist value={password} />
        <AdvisorFields />
        <div className="grid gap-1.5">
          <HumanCheck ref={humanCheck.props.ref} onVerify={onCaptcha} />
          {captchaMissing ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t('auth.humanCheck.required')}
            </p>
          ) : null}
        </div>
        <Button
          type="submit"
          size="lg"
          disabled={pending}
          aria-busy={pending || undefined}
          className="w-full"
        >
          {pending ? <SpinnerIcon className="size-5" /> : <UserPlus aria-hidden="true" className="size-5" />}
          {pending ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          {t('auth.register.haveAccount')}{' '}
          <Link
            to="/login"
            className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
          >
            {t('auth.register.login')}
          </Link>
        </p>
      </form>
    </FormProvider>
  );
}
