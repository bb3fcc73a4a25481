import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { loginReason, redirectTarget } from '@/lib/auth-redirect';
import { useSession } from '@/lib/use-session';
import { useHydrated } from '@/lib/use-hydrated';
import type { PageHandle } from '@/lib/page-handle';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { PasskeySignIn } from '../components/passkey-sign-in';

export const handle: PageHandle = {
  ssr: true,
  // The human-check widget's texts.
  areas: ['human-check'],
  head: ({ t }) => ({
    title: `${t('auth.login.title')} | ${t('common.appName')}`,
    description: t('auth.login.subtitle'),
  }),
};

/**
 * /login. Once signed in (by this form, or a session restored by the silent refresh) the visitor goes
 * back to the page they came for, else admins to /admin and everyone else to /.
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const { isSignedIn, isAdmin } = useSession();
  // Not in the server's HTML: the page cache keeps one /login for every ?redirect=.
  const hydrated = useHydrated();
  const reason = hydrated ? loginReason(redirectTarget(location.search, location.state, '')) : null;
  if (isSignedIn) {
    return (
      <Navigate to={redirectTarget(location.search, location.state, isAdmin ? '/admin' : '/')} replace />
    );
  }
  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={reason ? t(`auth.login.reasons.${reason}`) : t('auth.login.subtitle')}
    >
      <LoginForm />
      <PasskeySignIn />
    </AuthLayout>
  );
}
