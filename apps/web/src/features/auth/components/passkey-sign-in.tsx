import KeyRound from 'lucide-react/icons/key-round';
import type { TFunction } from 'i18next';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';
import { isPasskeyCancelled, usePasskeySupport } from '@/lib/webauthn';
import { usePasskeyLogin } from '../api/passkey-login';

/** Why a passkey sign-in failed, in words the person can act on. */
function passkeyErrorMessage(error: unknown, t: TFunction): string {
  if (isPasskeyCancelled(error)) return t('auth.login.passkey.cancelled');
  if (!isApiError(error)) return t('auth.login.passkey.failed');
  if (error.code === 'INVALID_LOGIN_RESPONSE') return t('auth.login.errors.invalidResponse');
  if (error.status === 401) return t('auth.login.passkey.invalid');
  if (error.status === 0) return t('auth.login.errors.network');
  if (error.status >= 500) return t('auth.login.errors.server');
  return serverMessage(error) ?? t('auth.shared.unexpected');
}

/**
 * "Sign in with a passkey": no email to type, the browser offers the passkeys it holds for this
 * site. Not shown where the browser has no WebAuthn. Success signs in as the form does (the login
 * page then moves on).
 */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const supported = usePasskeySupport();
  const login = usePasskeyLogin();
  if (!supported) return null;

  const signIn = async () => {
    try {
      await login.mutateAsync();
      toast({ title: t('auth.login.welcome'), description: t('auth.login.welcomeBody') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('auth.login.errorTitle'),
        description: passkeyErrorMessage(error, t),
      });
    }
  };

  return (
    <div className="mt-6 grid gap-4">
      <p className="flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400 dark:before:bg-slate-800 dark:after:bg-slate-800">
        {t('auth.login.passkey.or')}
      </p>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={login.isPending}
        aria-busy={login.isPending || undefined}
        onClick={() => void signIn()}
      >
        {login.isPending ? (
          <SpinnerIcon className="size-5" />
        ) : (
          <KeyRound aria-hidden="true" className="size-5" />
        )}
        {t('auth.login.passkey.button')}
      </Button>
    </div>
  );
}
