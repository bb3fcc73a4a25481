import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Send from 'lucide-react/icons/send';
import { offerCodeStep, type Offer, type OfferDetailsValues } from '@safqa/shared/validation/offers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput, Field, Input } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { isApiError, serverMessage } from '@/lib/api-client';
import { isVerificationRequired, VerificationRequired } from '@/components/verification-required';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useCreateOffer } from '../api/create-offer';
import { useRequestOfferCode } from '../api/request-offer-code';
import { latinDigits } from '@/lib/digits';
import { clock, useSecondsUntil } from './form-helpers';
import type { OfferDetails } from './offer-details-step';

const DETAIL_FIELDS = ['name', 'phone', 'reasons', 'message', 'amount'] as const;

interface OfferCodeStepProps {
  opportunityId: number;
  details: OfferDetails;
  defaultEmail: string;
  /** Back to the details, with the server's messages for them when a 400 named those fields. */
  onBack: (serverErrors?: Partial<Record<keyof OfferDetailsValues, string>>) => void;
  onDone: (offer: Offer) => void;
}

function bodyNumber(error: unknown, key: 'attemptsLeft' | 'retryAfter'): number | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined;
  const value = (error.body as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : undefined;
}

/**
 * Step 2: the email that receives a 4-digit code, the code, and sending the offer. The code can be
 * sent again once the 60-second countdown ends (or when the server says how long to wait).
 */
export function OfferCodeStep({ opportunityId, details, defaultEmail, onBack, onDone }: OfferCodeStepProps) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(offerCodeStep, { defaultValues: { email: defaultEmail, code: '' } });
  const requestCode = useRequestOfferCode(opportunityId);
  const createOffer = useCreateOffer(opportunityId);
  const [sent, setSent] = useState<{ email: string; minutes: number } | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [limited, setLimited] = useState(false);
  const [problem, setProblem] = useState<{ title: string; body: string } | { verification: unknown } | null>(
    null,
  );
  const wait = useSecondsUntil(resendAt);
  const { errors, isSubmitting } = form.formState;
  const email = form.watch('email');
  const codeSentHere = sent !== null && sent.email.trim().toLowerCase() === email.trim().toLowerCase();
  // The keyboard lands on this step's first field when "Next" brings it in, and on the code field
  // once the code is sent (it only exists from then on; the busy Send button would drop focus).
  useEffect(() => form.setFocus('email'), [form]);
  useEffect(() => {
    if (sent) form.setFocus('code');
  }, [sent, form]);

  const sendCode = async () => {
    setProblem(null);
    if (!(await form.trigger('email'))) return;
    try {
      const answer = await requestCode.mutateAsync(form.getValues('email'));
      setSent({ email: form.getValues('email'), minutes: answer.expiresInMinutes });
      setResendAt(Date.now() + answer.resendAfter * 1000);
      setLimited(false);
      form.setValue('code', '');
    } catch (failure) {
      const retryAfter = bodyNumber(failure, 'retryAfter');
      if (isApiError(failure) && failure.status === 429 && retryAfter) {
        setResendAt(Date.now() + retryAfter * 1000);
        setLimited(true);
        return;
      }
      if (applyServerFieldErrors(failure, form.setError, ['email'])) return;
      if (isVerificationRequired(failure)) return setProblem({ verification: failure });
      setProblem({
        title: t('offers.form.codeFailedTitle'),
        body: serverMessage(failure) ?? t('offers.form.failed'),
      });
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { offer } = await createOffer.mutateAsync({ ...details, ...values });
      onDone(offer);
    } catch (failure) {
      const code = isApiError(failure) ? failure.code : undefined;
      if (code === 'CODE_INVALID') {
        const left = bodyNumber(failure, 'attemptsLeft') ?? 0;
        form.setError('code', { type: 'server', message: t('offers.form.attemptsLeft', { count: left }) });
        return;
      }
      if (code === 'CODE_EXPIRED') {
        form.setError('code', { type: 'server', message: t('offers.form.codeExpired') });
        return;
      }
      if (isApiError(failure) && failure.fields) {
        const detailErrors = Object.fromEntries(
          Object.entries(failure.fields).filter(([field]) =>
            (DETAIL_FIELDS as readonly string[]).includes(field.split('.')[0]!),
          ),
        );
        if (Object.keys(detailErrors).length > 0) return onBack(detailErrors);
        if (applyServerFieldErrors(failure, form.setError, ['email', 'code'])) return;
      }
      if (isVerificationRequired(failure)) return setProblem({ verification: failure });
      setProblem({
        title: t('offers.form.failedTitle'),
        body: serverMessage(failure) ?? t('offers.form.failed'),
      });
    }
  });

  const sendingCode = requestCode.isPending;
  // The resend wait belongs to the address the code went to; another address may ask at once.
  const blocked = wait > 0 && (codeSentHere || limited);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {problem && 'verification' in problem ? (
        <VerificationRequired error={problem.verification} />
      ) : problem ? (
        <Alert variant="error" title={problem.title}>
          {problem.body}
        </Alert>
      ) : null}
      <Field
        label={t('offers.form.email')}
        hint={t('offers.form.emailHint')}
        error={fieldError(errors.email?.message, i18n.language)}
      >
        {(control) => <EmailInput {...control} className="text-start" {...form.register('email')} />}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={codeSentHere ? 'secondary' : 'primary'}
          onClick={() => void sendCode()}
          disabled={sendingCode || blocked}
          aria-busy={sendingCode || undefined}
        >
          {sendingCode ? <SpinnerIcon /> : <Send aria-hidden="true" className="size-4 rtl:-scale-x-100" />}
          {sendingCode
            ? t('offers.form.sendingCode')
            : blocked
              ? t('offers.form.resendIn', { time: clock(wait) })
              : codeSentHere
                ? t('offers.form.resend')
                : t('offers.form.sendCode')}
        </Button>
        {limited && wait > 0 ? (
          <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
            {t('offers.form.rateLimited', { time: clock(wait) })}
          </p>
        ) : null}
      </div>
      {codeSentHere ? (
        <>
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-300">
            {t('offers.form.codeSent', { email: sent.email, minutes: sent.minutes })}
          </p>
          <Field
            label={t('offers.form.code')}
            hint={t('offers.form.codeHint')}
            error={fieldError(errors.code?.message, i18n.language)}
          >
            {(control) => (
              <Input
                {...control}
                dir="ltr"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                className="max-w-40 text-center text-2xl tracking-[0.5em]"
                {...form.register('code', { setValueAs: (value: string) => latinDigits(value ?? '') })}
              />
            )}
          </Field>
        </>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="ghost" size="lg" onClick={() => onBack()}>
          <ArrowRight aria-hidden="true" className="size-5 ltr:rotate-180" />
          {t('offers.form.back')}
        </Button>
        {codeSentHere ? (
          <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {isSubmitting ? <SpinnerIcon className="size-5" /> : null}
            {isSubmitting ? t('offers.form.submitting') : t('offers.form.submit')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
