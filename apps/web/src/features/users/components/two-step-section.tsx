import { useState } from 'react';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { TotpSetupResponse } from '@safqa/shared/validation/auth-mfa';
import { ErrorState, RowsSkeleton } from '@/components/list-states';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { useTranslation } from '@/lib/use-translation';
import { useDisableTotp } from '../api/disable-totp';
import { useTwoStepStatus } from '../api/get-two-step-status';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useSetupTotp } from '../api/setup-totp';
import { PasswordAndCodeForm } from './password-and-code-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { TwoStepSetup } from './two-step-setup';

type View =
  | { name: 'status' }
  | { name: 'setup'; setup: TotpSetupResponse }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' }
  | { name: 'regenerate' };

/**
 * Profile, security: two-step sign-in with an authenticator app (API.md "Account security"). Off:
 * set it up. On: since when, recovery codes left, new recovery codes, turn it off. New recovery
 * codes are shown once, right after they are made.
 */
export function TwoStepSection() {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const status = useTwoStepStatus();
  const setup = useSetupTotp();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [view, setView] = useState<View>({ name: 'status' });

  const startSetup = () =>
    setup.mutate(undefined, {
      onSuccess: (answer) => setView({ name: 'setup', setup: answer }),
      onError: (error) =>
        toast({ variant: 'destructive', title: serverMessage(error) ?? t('users.twoStep.failed') }),
    });

  let body;
  if (status.isPending) body = <RowsSkeleton rows={1} />;
  else if (status.isError) body = <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  else if (view.name === 'setup') {
    body = (
      <TwoStepSetup
        setup={view.setup}
        onConfirmed={(codes) => {
          toast({ title: t('users.twoStep.enabled') });
          setView({ name: 'codes', codes });
        }}
        onCancel={() => setView({ name: 'status' })}
      />
    );
  } else if (view.name === 'codes') {
    body = <RecoveryCodesPanel codes={view.codes} onDone={() => setView({ name: 'status' })} />;
  } else if (view.name === 'disable') {
    body = (
      <PasswordAndCodeForm
        title={t('users.twoStep.disable')}
        intro={t('users.twoStep.disableIntro')}
        submitLabel={t('users.twoStep.disableConfirm')}
        destructive
        pending={disable.isPending}
        onSubmit={async (values) => {
          await disable.mutateAsync(values);
          toast({ title: t('users.twoStep.disabled') });
          setView({ name: 'status' });
        }}
        onCancel={() => setView({ name: 'status' })}
      />
    );
  } else if (view.name === 'regenerate') {
    body = (
      <PasswordAndCodeForm
        title={t('users.twoStep.regenerate')}
        intro={t('users.twoStep.regenerateIntro')}
        submitLabel={t('users.twoStep.regenerateConfirm')}
        pending={regenerate.isPending}
        onSubmit={async (values) => {
          const answer = await regenerate.mutateAsync(values);
          setView({ name: 'codes', codes: answer.recoveryCodes });
        }}
        onCancel={() => setView({ name: 'status' })}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <div className="grid gap-4">
        <Alert variant="success" title={t('users.twoStep.onTitle')}>
          {t('users.twoStep.onBody', { date: formatDate(status.data.enabledAt, lng) })}{' '}
          {t('users.twoStep.codesLeft', {
            count: status.data.recoveryCodesLeft,
            formatted: formatNumber(status.data.recoveryCodesLeft, lng),
          })}
        </Alert>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => setView({ name: 'regenerate' })}>
            {t('users.twoStep.regenerate')}
          </Button>
          <Button type="button" variant="destructive" onClick={() => setView({ name: 'disable' })}>
            {t('users.twoStep.disable')}
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('users.twoStep.offBody')}</p>
        <div>
          <Button
            type="button"
            onClick={startSetup}
            disabled={setup.isPending}
            aria-busy={setup.isPending || undefined}
          >
            {setup.isPending ? (
              <SpinnerIcon className="size-4" />
            ) : (
              <ShieldCheck aria-hidden="true" className="size-4" />
            )}
            {t('users.twoStep.setUp')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <section aria-labelledby="two-step-title" className="grid max-w-2xl gap-4">
      <div>
        <h2 id="two-step-title" className="text-xl font-bold text-slate-900 dark:text-white">
          {t('users.twoStep.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('users.twoStep.intro')}</p>
      </div>
      {body}
    </section>
  );
}
