import { useState } from 'react';
import { passwordAndCodeForm, type PasswordAndCodeInput } from '@safqa/shared/validation/auth-mfa';
import { PasswordInput } from '@/components/password-input';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, NumberInput } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { isApiError, serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useTranslation } from '@/lib/use-translation';

interface PasswordAndCodeFormProps {
  /** Names the form for assistive technology: "Turn off" or "New recovery codes". */
  title: string;
  intro: string;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
  onSubmit: (values: PasswordAndCodeInput) => Promise<unknown>;
  onCancel: () => void;
}

/** The password and a current code: what turning two-step sign-in off and new recovery codes ask for. */
export function PasswordAndCodeForm(props: PasswordAndCodeFormProps) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(passwordAndCodeForm, { defaultValues: { password: '', code: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await props.onSubmit(values);
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      if (code === 'WRONG_PASSWORD') {
        form.setError(
          'password',
          { type: 'server', message: serverMessage(error) ?? '' },
          { shouldFocus: true },
        );
        return;
      }
      if (code === 'CODE_INVALID') {
        form.setError(
          'code',
          { type: 'server', message: t('users.twoStep.wrongCode') },
          { shouldFocus: true },
        );
        return;
      }
      if (applyServerFieldErrors(error, form.setError, ['password', 'code'])) return;
      setProblem(serverMessage(error) ?? t('auth.shared.unexpected'));
    }
  });

  return (
    <form
      noValidate
      aria-label={props.title}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{props.intro}</p>
      {problem ? (
        <Alert variant="error" title={t('users.twoStep.failed')}>
          {problem}
        </Alert>
      ) : null}
      <Field label={t('users.twoStep.password')} error={fieldError(errors.password?.message, i18n.language)}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />
        )}
      </Field>
      <Field
        label={t('users.twoStep.codeLabel')}
        hint={t('users.twoStep.codeHint')}
        error={fieldError(errors.code?.message, i18n.language)}
      >
        {(control) => (
          <NumberInput {...control} autoComplete="one-time-code" maxLength={12} {...form.register('code')} />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={props.destructive ? 'destructive' : 'primary'}
          disabled={props.pending}
          aria-busy={props.pending || undefined}
        >
          {props.pending ? <SpinnerIcon className="size-4" /> : null}
          {props.submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          {t('users.twoStep.cancel')}
        </Button>
      </div>
    </form>
  );
}
