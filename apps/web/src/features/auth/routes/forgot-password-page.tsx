import { useTranslation } from '@/lib/use-translation';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** /forgot-password. */
export function Component() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.intro')}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
