import { useState } from 'react';
import KeyRound from 'lucide-react/icons/key-round';
import { passkeyNameForm, type Passkey } from '@safqa/shared/validation/passkeys';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { asLanguage } from '@/lib/localized';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useTranslation } from '@/lib/use-translation';
import { isPasskeyAlreadyAdded, isPasskeyCancelled, usePasskeySupport } from '@/lib/webauthn';
import { useAddPasskey } from '../api/add-passkey';
import { usePasskeys } from '../api/get-passkeys';
import { useRemovePasskey } from '../api/remove-passkey';
import { ConfirmInPlace } from './confirm-in-place';

/**
 * The passkeys tab of /profile (API.md "Account security"): add a passkey under a name, each one
 * listed with when it was added and last used, remove one after a confirmation.
 */
export function Component() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const supported = usePasskeySupport();

  return (
    <div className="grid gap-6">
      <div>
        <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('users.passkeys.title')}</h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('users.passkeys.intro')}</p>
      </div>
      {supported ? <AddPasskeyForm /> : <Alert>{t('users.passkeys.unsupported')}</Alert>}
      <section aria-labelledby="passkeys-list-title">
        <h3 id="passkeys-list-title" className="mb-3 font-bold text-slate-900 dark:text-white">
          {t('users.passkeys.listTitle')}
        </h3>
        {passkeys.isPending ? (
          <RowsSkeleton />
        ) : passkeys.isError ? (
          <ErrorState error={passkeys.error} onRetry={() => void passkeys.refetch()} />
        ) : passkeys.data.data.length === 0 ? (
          <EmptyState title={t('users.passkeys.emptyTitle')} body={t('users.passkeys.emptyBody')} />
        ) : (
          <ul className="grid gap-3">
            {passkeys.data.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function AddPasskeyForm() {
  const { t, i18n } = useTranslation();
  const add = useAddPasskey();
  const form = useZodForm(passkeyNameForm, { defaultValues: { name: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const error = form.formState.errors.name?.message;

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      await add.mutateAsync(name);
      form.reset({ name: '' });
      toast({ title: t('users.passkeys.added') });
    } catch (caught) {
      if (isPasskeyCancelled(caught)) setFailure(t('users.passkeys.cancelled'));
      else if (isPasskeyAlreadyAdded(caught)) setFailure(t('users.passkeys.alreadyAdded'));
      else if (!applyServerFieldErrors(caught, form.setError, ['name'])) {
        setFailure(serverMessage(caught) ?? t('users.passkeys.addFailed'));
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid max-w-xl gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <Field
        label={t('users.passkeys.nameLabel')}
        hint={t('users.passkeys.nameHint')}
        error={fieldError(error, i18n.language)}
      >
        {(control) => <Input {...control} dir="auto" autoComplete="off" {...form.register('name')} />}
      </Field>
      {failure ? (
        <Alert variant="error" title={t('users.passkeys.addFailedTitle')}>
          {failure}
        </Alert>
      ) : null}
      <Button
        type="submit"
        disabled={add.isPending}
        aria-busy={add.isPending || undefined}
        className="justify-self-start"
      >
        {add.isPending ? (
          <SpinnerIcon className="size-5" />
        ) : (
          <KeyRound aria-hidden="true" className="size-5" />
        )}
        {add.isPending ? t('users.passkeys.adding') : t('users.passkeys.add')}
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const remove = useRemovePasskey();

  return (
    <li data-testid="passkey" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="flex items-center gap-2 font-bold break-words text-slate-900 dark:text-white">
            <KeyRound aria-hidden="true" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            <span dir="auto">{passkey.name}</span>
          </h4>
          <dl className="mt-2 grid gap-1 text-sm text-slate-600 dark:text-slate-400">
            <div className="flex flex-wrap gap-1">
              <dt>{t('users.passkeys.createdAt')}</dt>
              <dd>{formatDateTime(passkey.createdAt, lng)}</dd>
            </div>
            <div className="flex flex-wrap gap-1">
              <dt>{t('users.passkeys.lastUsedAt')}</dt>
              <dd>
                {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, lng) : t('users.passkeys.neverUsed')}
              </dd>
            </div>
          </dl>
        </div>
        <ConfirmInPlace
          askLabel={t('users.passkeys.remove')}
          askAriaLabel={t('users.passkeys.removeLabel', { name: passkey.name })}
          confirmLabel={t('users.passkeys.confirmRemove')}
          confirmAriaLabel={t('users.passkeys.confirmRemoveLabel', { name: passkey.name })}
          cancelLabel={t('users.passkeys.cancel')}
          note={t('users.passkeys.confirmText')}
          pending={remove.isPending}
          onConfirm={(reset) =>
            remove.mutate(passkey.id, {
              onSuccess: () => toast({ title: t('users.passkeys.removed') }),
              onError: (error) => {
                reset();
                toast({
                  variant: 'destructive',
                  title: serverMessage(error) ?? t('users.passkeys.removeFailed'),
                });
              },
            })
          }
        />
      </div>
    </li>
  );
}
