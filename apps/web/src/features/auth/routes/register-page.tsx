import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { PageHandle } from '@/lib/page-handle';
import { AuthLayout } from '../components/auth-layout';
import { RegisterForm } from '../components/register-form';
import { VerifyEmailCard } from '../components/verify-email-card';

export const handle: PageHandle = {
  ssr: true,
  // The human-check widget's texts.
  areas: ['human-check'],
  head: ({ t }) => ({
    title: `${t('auth.register.title')} | ${t('common.appName')}`,
    description: t('auth.register.subtitle'),
  }),
};

/** /register: the form (editing, submitting) until it succeeds, then the verify-your-email card. */
export function Component() {
  const { t } = useTranslation();
  const [registered, setRegistered] = useState<string | null>(null);
  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')} wide>
      {registered ? (
        <VerifyEmailCard email={registered} onBack={() => setRegistered(null)} />
      ) : (
        <RegisterForm onRegistered={setRegistered} />
      )}
    </AuthLayout>
  );
}
