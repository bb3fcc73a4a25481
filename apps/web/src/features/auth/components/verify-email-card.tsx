import { Link } from 'react-router';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/lib/use-translation';
import MailCheck from 'lucide-react/icons/mail-check';
import { Button, buttonClasses } from '@/components/ui/button';

/**
 * After registration (SPEC.md section 2): check your inbox; Log in goes to /login, and the second
 * button only brings the (cleared) form back.
 */
export function VerifyEmailCard({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid justify-items-center gap-4 py-4 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <MailCheck aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-xl font-bold text-slate-900 dark:text-white">
        {t('auth.register.verifyCard.title')}
      </h2>
      <p className="max-w-md text-slate-700 dark:text-slate-300">
        <Trans
          i18nKey="auth.register.verifyCard.body"
          values={{ email }}
          components={{ email: <bdi dir="ltr" className="font-semibold break-all" /> }}
        />
      </p>
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">
        {t('auth.register.verifyCard.spam')}{' '}
        <Link
          to="/verify-email"
          className="rounded font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300"
        >
          {t('auth.register.verifyCard.resendLink')}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <Link to="/login" className={buttonClasses('primary', 'lg')}>
          {t('auth.register.verifyCard.login')}
        </Link>
        <Button variant="secondary" size="lg" onClick={onBack}>
          {t('auth.register.verifyCard.back')}
        </Button>
      </div>
    </div>
  );
}
