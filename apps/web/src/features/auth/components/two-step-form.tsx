import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { mfaCodeForm, mfaRecoveryForm } from '@safqa/shared/validation/auth-mfa';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input, NumberInput } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { fieldError, useZodForm } from '@/lib/use-zod-form';
import { useVerifyTwoStep, type TwoStepProof } from '../api/verify-two-step';

interface TwoStepFormProps {
  mfaToken: string;
  /** Back to the email and password (a new sign-in gives a new token and five new tries). */
  onRestart: () => void;
}

/**
 * The login page's second step (API.md "Account security"): the 6-digit code of the authenticator
 * app, typed in Latin or Arabic-Indic digits, or a recovery code instead. A wrong code says so; the
 * token allows five tries in five minutes, after which the page offers to start over.
 */
export function TwoStepForm({ mfaToken, onRestart }: TwoStepFormProps) {
  const { t, i18n } = useTranslation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [wrongTries, setWrongTries] = useState(0);
  const verify = useVerifyTwoStep(mfaToken);
  const codeForm = useZodForm(mfaCodeForm, { defaultValues: { code: '' } });
  const recoveryForm = useZodForm(mfaRecoveryForm, { defaultValues: { recoveryCode: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const pending = verify.isPending;

  useEffect(() => {
    if (useRecovery) recoveryForm.setFocus('recoveryCode');
    else codeForm.setFocus('code');
  }, [useRecovery, codeForm, recoveryForm]);

  const submit = async (proof: TwoStepProof, onWrong: (message: string) => void) => {
    setProblem(null);
    try {
      await verify.mutateAsync(proof);
      toast({ title: t('auth.login.welcome'), description: t('auth.login.welcomeBody') });
    } catch (error) {
      if (isApiError(error) && error.code === 'CODE_INVALID') {
        setWrongTries((tries) => tries + 1);
        onWrong(t(useRecovery ? 'auth.twoStep.wrongRecovery' : 'auth.twoStep.wrongCode'));
        return;
      }
      setProblem(serverMessage(error) ?? t('auth.shared.unexpected'));
    }
  };

  const onCode = codeForm.handleSubmit((values) =>
    submit({ code: values.code }, (message) =>
      codeForm.setError('code', { type: 'server', message }, { shouldFocus: true }),
    ),
  );
  const onRecovery = recoveryForm.handleSubmit((values) =>
    submit({ recoveryCode: values.recoveryCode }, (message) =>
      recoveryForm.setError('recoveryCode', { type: 'server', message }, { shouldFocus: true }),
    ),
  );

  const codeError = codeForm.formState.errors.code?.message;
  const recoveryError = recoveryForm.formState.errors.recoveryCode?.message;
  return (
    <div className="grid gap-5">
      <div className="flex items-start gap-3">
        <ShieldCheck
          aria-hidden="true"
          className="mt-0.5 size-6 shrink-0 text-brand-700 dark:text-brand-300"
        />
        <div>
          <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('auth.twoStep.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t(useRecovery ? 'auth.twoStep.recoveryIntro' : 'auth.twoStep.codeIntro')}
          </p>
        </div>
      </div>
      {problem ? (
        <Alert variant="error" title={t('auth.login.errorTitle')}>
          {problem}
        </Alert>
      ) : null}
      {wrongTries >= 3 ? (
        <Alert variant="info" title={t('auth.twoStep.manyTriesTitle')}>
          {t('auth.twoStep.manyTries')}
        </Alert>
      ) : null}
      {useRecovery ? (
        <form noValidate onSubmit={(event) => void onRecovery(event)} className="grid gap-5">
          <Field
            label={t('auth.twoStep.recoveryLabel')}
            hint={t('auth.twoStep.recoveryHint')}
            error={fieldError(recoveryError, i18n.language)}
          >
            {(control) => (
              <Input
                {...control}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                {...recoveryForm.register('recoveryCode')}
              />
            )}
          </Field>
          <SubmitButton pending={pending} />
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void onCode(event)} className="grid gap-5">
          <Field
            label={t('auth.twoStep.codeLabel')}
            hint={t('auth.twoStep.codeHint')}
            error={fieldError(codeError, i18n.language)}
          >
            {(control) => (
              <NumberInput
                {...control}
                autoComplete="one-time-code"
                maxLength={12}
                className="text-center font-mono text-lg tracking-widest"
                {...codeForm.register('code')}
              />
            )}
          </Field>
          <SubmitButton pending={pending} />
        </form>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setProblem(null);
            setUseRecovery((value) => !value);
          }}
        >
          {t(useRecovery ? 'auth.twoStep.useCode' : 'auth.twoStep.useRecovery')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onRestart}>
          {t('auth.twoStep.restart')}
        </Button>
      </div>
    </div>
  );
}

function SubmitButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" size="lg" disabled={pending} aria-busy={pending || undefined} className="w-full">
      {pending ? <SpinnerIcon className="size-5" /> : null}
      {pending ? t('auth.twoStep.verifying') : t('auth.twoStep.verify')}
    </Button>
  );
}
