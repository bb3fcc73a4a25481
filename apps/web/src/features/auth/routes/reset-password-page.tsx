import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useCheckResetToken } from '../api/check-reset-token';
import { AuthLayout } from '../components/auth-layout';
import { ResetPasswordForm } from '../components/reset-password-form';

/**
 * /reset-password?token= (SPEC.md sections 2, 4 and 8): no token, an error; while the token is checked,
 * a loading state; a refused token, its message (else 'Token invalid/expired') and Forgot Password;
 * otherwise the new-password form, then 'Password Reset Successful' with Go to Login.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const check = useCheckResetToken(token);
  const [done, setDone] = useState(false);

  let content;
  if (!token) {
    content = (
      <div className="grid gap-5">
        <Alert variant="error">{t('auth.reset.noToken')}</Alert>
        <Link to="/forgot-password" className={buttonClasses('primary', 'lg', 'justify-self-start')}>
          {t('auth.reset.requestNew')}
        </Link>
      </div>
    );
  } else if (done) {
    content = (
      <div className="grid gap-5">
        <Alert variant="success" title={t('auth.reset.successTitle')}>
          {t('auth.reset.success')}
        </Alert>
        <Link to="/login" className={buttonClasses('primary', 'lg', 'justify-self-start')}>
          {t('auth.shared.goToLogin')}
        </Link>
      </div>
    );
  } else if (check.isError) {
    content = (
      <div className="grid gap-5">
        <Alert variant="error">{serverMessage(check.error) ?? t('auth.reset.invalid')}</Alert>
        <Link to="/forgot-password" className={buttonClasses('primary', 'lg', 'justify-self-start')}>
          {t('auth.reset.requestNew')}
        </Link>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-5">
        {check.isPending ? <Spinner className="p-2" label={t('auth.reset.checking')} /> : null}
        <ResetPasswordForm token={token} tokenValid={check.isSuccess} onDone={() => setDone(true)} />
      </div>
    );
  }

  return (
    <AuthLayout
      title={t('auth.reset.title')}
      subtitle={token && !done && !check.isError ? t('auth.reset.intro') : undefined}
    >
      {content}
    </AuthLayout>
  );
}
