import { useRef, useState } from 'react';
import {
  VERIFICATION_ACCEPT,
  VERIFICATION_KINDS,
  verificationFields,
  verificationFileProblem,
  type VerificationFields,
  type VerificationRequest,
} from '@safqa/shared/validation/verifications';
import { EmptyState, ErrorState, RowsSkeleton } from '@/components/list-states';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { VerifiedBuyerBadge } from '@/components/verified-buyer-badge';
import { isApiError, serverMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import { useMyVerification } from '../api/get-my-verification';
import { useSendVerification } from '../api/send-verification';
import { Select } from '@/components/ui/select';

const TONE: Record<VerificationRequest['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/**
 * The "Verification" tab of /profile (API.md "Trust and safety"): become a verified buyer with a
 * proof of funds or an identity document, follow the requests, see the badge once approved.
 */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const mine = useMyVerification();
  const pending = mine.data?.requests.some((r) => r.status === 'pending') ?? false;
  return (
    <div className="grid gap-6">
      <div>
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
          {t('trust.verification.title')}
          {mine.data?.buyerVerified ? <VerifiedBuyerBadge /> : null}
        </h2>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('trust.verification.intro')}</p>
        {mine.data?.buyerVerified && mine.data.verifiedAt ? (
          <p role="status" className="mt-2 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
            {t('trust.verification.verifiedSince', { date: formatDate(mine.data.verifiedAt, lng) })}
          </p>
        ) : null}
      </div>
      {mine.isPending ? (
        <RowsSkeleton />
      ) : mine.isError ? (
        <ErrorState error={mine.error} onRetry={() => void mine.refetch()} />
      ) : (
        <>
          {pending ? (
            <Alert variant="info">{t('trust.verification.pendingNote')}</Alert>
          ) : (
            <VerificationForm />
          )}
          <section aria-labelledby="verification-requests">
            <h3 id="verification-requests" className="mb-3 font-bold text-slate-900 dark:text-white">
              {t('trust.verification.requests')}
            </h3>
            {mine.data.requests.length === 0 ? (
              <EmptyState
                title={t('trust.verification.emptyTitle')}
                body={t('trust.verification.emptyBody')}
              />
            ) : (
              <ul className="grid gap-3">
                {mine.data.requests.map((request) => (
                  <RequestRow key={request.id} request={request} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function RequestRow({ request }: { request: VerificationRequest }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <li
      data-testid="verification-request"
      className="grid gap-1 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-slate-900 dark:text-white">{t(`trust.kinds.${request.kind}`)}</p>
        <Badge tone={TONE[request.status]}>{t(`trust.statuses.${request.status}`)}</Badge>
      </div>
      <p className="text-slate-600 dark:text-slate-400">
        <bdi>{request.fileName}</bdi> · {formatDateTime(request.createdAt, lng)}
      </p>
      {request.note ? (
        <p dir="auto" className="break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300">
          {request.note}
        </p>
      ) : null}
      {request.rejectionReason ? (
        <p className="text-red-800 dark:text-red-300">
          {t('trust.verification.reason')}{' '}
          <span dir="auto" className="break-words">
            {request.rejectionReason}
          </span>
        </p>
      ) : null}
    </li>
  );
}

function VerificationForm() {
  const { t, i18n } = useTranslation();
  const form = useZodForm(verificationFields, {
    defaultValues: { kind: 'proof_of_funds', note: '' } satisfies VerificationFields,
  });
  const send = useSendVerification();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    const problem = verificationFileProblem(file);
    if (problem || !file) {
      setFileProblem(fieldError(problem ?? 'file_required', i18n.language));
      fileInput.current?.focus();
      return;
    }
    send.mutate(
      { kind: values.kind, note: values.note, file },
      {
        onSuccess: () => {
          toast({ title: t('trust.verification.sent') });
          form.reset();
          setFile(null);
        },
        onError: (error) => {
          if (isApiError(error) && error.fields?.file) return setFileProblem(error.fields.file);
          if (applyServerFieldErrors(error, form.setError, ['kind', 'note'])) return;
          toast({
            variant: 'destructive',
            title: t('trust.verification.failed'),
            description: serverMessage(error) ?? undefined,
          });
        },
      },
    );
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800"
      aria-labelledby="verification-form-title"
    >
      <h3 id="verification-form-title" className="font-bold text-slate-900 dark:text-white">
        {t('trust.verification.formTitle')}
      </h3>
      <Field label={t('trust.verification.kind')} error={fieldError(errors.kind?.message, i18n.language)}>
        {(control) => (
          <Select {...control} {...form.register('kind')}>
            {VERIFICATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`trust.kinds.${kind}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('trust.verification.file')} hint={t('trust.verification.fileHint')} error={fileProblem}>
        {(control) => (
          <Input
            {...control}
            ref={fileInput}
            type="file"
            accept={VERIFICATION_ACCEPT}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              const problem = chosen ? verificationFileProblem(chosen) : null;
              setFileProblem(problem ? fieldError(problem, i18n.language) : undefined);
            }}
          />
        )}
      </Field>
      <Field
        label={t('trust.verification.note')}
        hint={t('trust.verification.noteHint')}
        error={fieldError(errors.note?.message, i18n.language)}
      >
        {(control) => <Textarea {...control} dir="auto" className="min-h-20" {...form.register('note')} />}
      </Field>
      <div>
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending ? <SpinnerIcon /> : null}
          {send.isPending ? t('trust.verification.sending') : t('trust.verification.send')}
        </Button>
      </div>
    </form>
  );
}
