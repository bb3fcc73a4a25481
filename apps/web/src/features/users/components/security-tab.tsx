import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import KeyRound from 'lucide-react/icons/key-round';
import { changePasswordBody } from '@safqa/shared/validation/users';
import { PasswordChecklist } from '@/components/password-checklist';
import { PasswordInput } from '@/components/password-input';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useChangePassword } from '../api/change-password';
import { TwoStepSection } from './two-step-section';

const EMPTY = { currentPassword: '', newPassword: '' };
type Status = { state: 'idle' } | { state: 'done' } | { state: 'error'; message: string };

/** Profile, security: the password, then two-step sign-in. */
export function Component() {
  return (
    <div className="grid gap-10">
      <ChangePassword />
      <TwoStepSection />
    </div>
  );
}

/** Change the password (both fields required); the other sessions end. */
function ChangePassword() {
  const { t, i18n } = useTranslation();
  const change = useChangePassword();
  const form = useZodForm(changePasswordBody, { defaultValues: EMPTY });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const errors = form.formState.errors;
  const pending = change.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus({ state: 'idle' });
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      setStatus({ state: 'done' });
      toast({ title: t('users.security.successTitle'), description: t('users.security.success') });
    } catch (error) {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD') {
        form.setError(
          'currentPassword',
          { type: 'server', message: serverMessage(error) ?? '' },
          { shouldFocus: true },
        );
        return;
      }
      applyServerFieldErrors(error, form.setError, ['currentPassword', 'newPassword']);
      setStatus({ state: 'error', message: serverMessage(error) ?? t('auth.shared.unexpected') });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid max-w-xl gap-5">
      <div>
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('users.security.title')}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('users.security.intro')}</p>
      </div>
      {status.state === 'done' ? (
        <Alert variant="success" title={t('users.security.successTitle')}>
          {t('users.security.success')}
        </Alert>
      ) : null}
      {status.state === 'error' ? (
        <Alert variant="error" title={t('users.security.failed')}>
          {status.message}
        </Alert>
      ) : null}
      <Field
        label={t('users.security.current')}
        error={fieldError(errors.currentPassword?.message, i18n.language)}
      >
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" {...form.register('currentPassword')} />
        )}
      </Field>
      <Field label={t('users.security.new')} error={fieldError(errors.newPassword?.message, i18n.language)}>
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('newPassword')} />
        )}
      </Field>
      <PasswordChecklist value={newPassword} />
      <div>
        <Button
          type="submit"
          size="lg"
          disabled={pending}
          aria-busy={pending || undefined}
          className="w-full sm:w-auto"
        >
          {pending ? <SpinnerIcon className="size-5" /> : <KeyRound aria-hidden="true" className="size-5" />}
          {pending ? t('users.security.submitting') : t('users.security.submit')}
        </Button>
      </div>
    </form>
  );
}
