import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Send from 'lucide-react/icons/send';
import { contactMessage } from '@safqa/shared/validation/contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailInput, Field, Input, Textarea } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useSendContactMessage } from '../api/send-contact-message';

type Status = { state: 'idle' } | { state: 'success' } | { state: 'error'; message: string };

const EMPTY = { name: '', email: '', message: '' };

/**
 * SPEC.md sections 2, 4 and 8: name, email, message (5 rows); each submit starts from idle, then a
 * success banner (fields cleared) or an error banner (the server's message, else a default).
 */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const send = useSendContactMessage();
  const form = useZodForm(contactMessage, { defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof typeof EMPTY) => fieldError(errors[name]?.message, i18n.language);

  const onSubmit = form.handleSubmit(async (values) => {
    setStatus({ state: 'idle' });
    try {
      await send.mutateAsync(values);
      form.reset(EMPTY);
      setStatus({ state: 'success' });
    } catch (failure) {
      applyServerFieldErrors(failure, form.setError, ['name', 'email', 'message']);
      setStatus({ state: 'error', message: serverMessage(failure) ?? t('contact.failed') });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
      {status.state === 'success' ? (
        <Alert variant="success" title={t('contact.successTitle')}>
          {t('contact.success')}
        </Alert>
      ) : null}
      {status.state === 'error' ? (
        <Alert variant="error" title={t('contact.failedTitle')}>
          {status.message}
        </Alert>
      ) : null}
      <Field label={t('contact.name')} error={error('name')}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field label={t('contact.email')} error={error('email')}>
        {(control) => <EmailInput {...control} {...form.register('email')} />}
      </Field>
      <Field label={t('contact.message')} error={error('message')}>
        {(control) => <Textarea {...control} rows={5} {...form.register('message')} />}
      </Field>
      <div>
        <Button
          type="submit"
          size="lg"
          disabled={isSubmitting}
          aria-busy={isSubmitting || undefined}
          className="w-full sm:w-auto"
        >
          {isSubmitting ? (
            <SpinnerIcon className="size-5" />
          ) : (
            <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          )}
          {isSubmitting ? t('contact.sending') : t('contact.submit')}
        </Button>
      </div>
    </form>
  );
}
