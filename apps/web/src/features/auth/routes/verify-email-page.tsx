import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import Home from 'lucide-react/icons/house';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { trackEvent } from '@/lib/analytics';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';
import { ResendVerificationForm } from '../components/resend-verification-form';

/**
 * /verify-email?token=&userId= (SPEC.md sections 2 and 4). With a token the verification fires once
 * per visit: a spinner while verifying, then a success or an error alert (the server's message, else a
 * default; the error is also a toast). A link opened again after it worked (409 ALREADY_VERIFIED) is
 * no failure: it says so and offers to sign in. Without a token: the resend form. Always a way home.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const verify = useVerifyEmail();
  const fired = useRef(false);

  // Following "resend" from a failed link drops the token: forget the failed attempt.
  const { reset } = verify;
  useEffect(() => {
    if (!token) reset();
  }, [token, reset]);

  useEffect(() => {
    if (!token || fired.current) return;
    fired.current = true;
    verify.mutate(
      { token, userId },
      {
        onSuccess: () => trackEvent('email_verification_success'),
        onError: (error) => {
          if (isAlreadyVerified(error)) return;
          toast({
            variant: 'destructive',
            title: t('auth.verify.errorTitle'),
            description: serverMessage(error) ?? t('auth.verify.error'),
          });
        },
      },
    );
  }, [token, userId, verify, t]);

  const alreadyVerified = verify.isError && isAlreadyVerified(verify.error);
  const failed = verify.isError && !alreadyVerified;
  return (
    <AuthLayout title={t('auth.verify.title')}>
      <div className="grid gap-6">
        {!token ? <ResendVerificationForm /> : null}
        {token && (verify.isIdle || verify.isPending) ? (
          <div className="grid justify-items-center gap-2">
            <Spinner label={t('auth.verify.verifying')} />
            <p aria-hidden="true" className="font-semibold text-slate-700 dark:text-slate-300">
              {t('auth.verify.verifying')}
            </p>
          </div>
        ) : null}
        {verify.isSuccess ? (
          <Alert variant="success" title={t('auth.verify.successTitle')}>
            {verify.data.message || t('auth.verify.success')}
          </Alert>
        ) : null}
        {alreadyVerified ? (
          <Alert variant="success" title={t('auth.verify.alreadyTitle')}>
            {t('auth.verify.already')}
          </Alert>
        ) : null}
        {failed ? (
          <Alert variant="error" title={t('auth.verify.errorTitle')}>
            {serverMessage(verify.error) ?? t('auth.verify.error')}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Link to="/" className={buttonClasses('secondary', 'lg')}>
            <Home aria-hidden="true" className="size-5" />
            {t('auth.shared.goHome')}
          </Link>
          {verify.isSuccess || alreadyVerified ? (
            <Link to="/login" className={buttonClasses('primary', 'lg')}>
              {t('auth.shared.goToLogin')}
            </Link>
          ) : null}
          {failed ? (
            <Link to="/verify-email" className={buttonClasses('primary', 'lg')}>
              {t('auth.verify.resendTitle')}
            </Link>
          ) : null}
        </div>
      </div>
    </AuthLayout>
  );
}

function isAlreadyVerified(error: unknown) {
  return isApiError(error) && error.code === 'ALREADY_VERIFIED';
}
