import { useEffect } from 'react';
import { totpConfirmForm, type TotpSetupResponse } from '@safqa/shared/validation/auth-mfa';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, NumberInput } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { isApiError, serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useTranslation } from '@/lib/use-translation';
import { useConfirmTotp } from '../api/confirm-totp';

interface TwoStepSetupProps {
  setup: TotpSetupResponse;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The secret is base32: shown in groups of four so it can be typed into an app by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Scanning the QR code (or typing the secret) into an authenticator app, then the app's first code,
 * which turns two-step sign-in on. The QR code is the server's SVG, shown as an image so none of its
 * markup runs in the page.
 */
export function TwoStepSetup({ setup, onConfirmed, onCancel }: TwoStepSetupProps) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirmTotp();
  const form = useZodForm(totpConfirmForm, { defaultValues: { code: '' } });
  const error = form.formState.errors.code?.message;
  useEffect(() => form.setFocus('code'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await confirm.mutateAsync(values.code);
      onConfirmed(answer.recoveryCodes);
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'CODE_INVALID') {
        form.setError(
          'code',
          { type: 'server', message: t('users.twoStep.wrongCode') },
          { shouldFocus: true },
        );
        return;
      }
      if (applyServerFieldErrors(failure, form.setError, ['code'])) return;
      form.setError('code', {
        type: 'server',
        message: serverMessage(failure) ?? t('auth.shared.unexpected'),
      });
    }
  });

  return (
    <section aria-labelledby="two-step-setup-title" className="grid gap-4">
      <h3 id="two-step-setup-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('users.twoStep.setupTitle')}
      </h3>
      <ol className="grid list-decimal gap-2 ps-5 text-sm text-slate-700 dark:text-slate-300">
        <li>{t('users.twoStep.stepInstall')}</li>
        <li>{t('users.twoStep.stepScan')}</li>
        <li>{t('users.twoStep.stepCode')}</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
          alt={t('users.twoStep.qrAlt')}
          width={192}
          height={192}
          className="rounded-lg border border-slate-200 bg-white p-1 dark:border-slate-700"
        />
        <div className="grid min-w-0 gap-1">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('users.twoStep.secretLabel')}
          </p>
          <code
            data-testid="totp-secret"
            data-secret={setup.secret}
            dir="ltr"
            className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100"
          >
            {grouped(setup.secret)}
          </code>
        </div>
      </div>
      <Alert variant="info" title={t('users.twoStep.notYetTitle')}>
        {t('users.twoStep.notYet')}
      </Alert>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid max-w-sm gap-4">
        <Field
          label={t('users.twoStep.codeLabel')}
          hint={t('users.twoStep.codeHint')}
          error={fieldError(error, i18n.language)}
        >
          {(control) => (
            <NumberInput
              {...control}
              autoComplete="one-time-code"
              maxLength={12}
              {...form.register('code')}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending} aria-busy={confirm.isPending || undefined}>
            {confirm.isPending ? <SpinnerIcon className="size-4" /> : null}
            {t('users.twoStep.confirm')}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('users.twoStep.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
