import { useTranslation } from '@/lib/use-translation';
import {
  ACCESS_MESSAGE_MAX,
  accessRequestInput,
  type AccessRequestFormValues,
} from '@safqa/shared/validation/data-room';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { isVerificationRequired, VerificationRequired } from '@/components/verification-required';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useRequestAccess } from '../api/request-access';

/**
 * The request for a listing's confidential documents: a message to the owner and the confidentiality
 * undertaking, validated by the same schema as the server's.
 */
export function RequestAccessForm({
  opportunityId,
  onCancel,
}: {
  opportunityId: number;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(accessRequestInput, {
    defaultValues: { message: '', acceptTerms: false as unknown as true } satisfies AccessRequestFormValues,
  });
  const request = useRequestAccess(opportunityId);
  const { errors } = form.formState;
  const error = (name: keyof AccessRequestFormValues) => fieldError(errors[name]?.message, i18n.language);

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => toast({ title: t('data-room.form.sent') }),
      onError: (failure) => {
        if (!applyServerFieldErrors(failure, form.setError, ['message', 'acceptTerms'])) {
          // 409: asked before (in another tab); the detail refreshes to show that request's status.
          if (!(isApiError(failure) && failure.status === 409) && !isVerificationRequired(failure))
            toast({
              variant: 'destructive',
              title: t('data-room.form.failed'),
              description: serverMessage(failure) ?? undefined,
            });
        }
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4"
      aria-labelledby="access-form-title"
    >
      <div>
        <h3 id="access-form-title" className="font-bold text-slate-900 dark:text-white">
          {t('data-room.form.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('data-room.form.description')}</p>
      </div>
      <Field
        label={t('data-room.form.message')}
        hint={t('data-room.form.messageHint')}
        error={error('message')}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            dir="auto"
            maxLength={ACCESS_MESSAGE_MAX}
            {...form.register('message')}
          />
        )}
      </Field>
      <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">
          {t('data-room.form.undertakingTitle')}
        </legend>
        <p id="access-undertaking" className="text-sm leading-relaxed text-slate-700 dark:text-slate-300">
          {t('data-room.form.undertaking')}
        </p>
        <label className="flex cursor-pointer items-start gap-3 text-sm font-medium text-slate-900 dark:text-slate-100">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            aria-describedby={
              error('acceptTerms') ? 'access-undertaking access-terms-error' : 'access-undertaking'
            }
            aria-invalid={Boolean(error('acceptTerms'))}
            {...form.register('acceptTerms')}
          />
          <span>{t('data-room.form.accept')}</span>
        </label>
        {error('acceptTerms') ? (
          <p id="access-terms-error" className="text-sm text-red-700 dark:text-red-400">
            {error('acceptTerms')}
          </p>
        ) : null}
      </fieldset>
      {isVerificationRequired(request.error) ? <VerificationRequired error={request.error} /> : null}
      {request.isError && !isApiError(request.error) ? (
        <Alert variant="error">{serverMessage(request.error)}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending || undefined}>
          {request.isPending ? <SpinnerIcon /> : null}
          {request.isPending ? t('data-room.form.submitting') : t('data-room.form.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={request.isPending}>
          {t('data-room.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
