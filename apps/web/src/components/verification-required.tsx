import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { isApiError, serverMessage } from '@/lib/api-client';
import { useTranslation } from '@/lib/use-translation';
import { useAreas } from '@/lib/use-areas';

/** Where a user gets verified (the profile's tab). */
export const VERIFICATION_TAB = '/profile?tab=verification';

/** Whether `error` is the server's 403 VERIFICATION_REQUIRED (a verified-buyers-only listing). */
export function isVerificationRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'VERIFICATION_REQUIRED';
}

/** The refusal of a verified-buyers-only listing, with the way to get verified. */
export function VerificationRequired({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  // Its texts live in the safety catalogue, which the first page does not load (decision 005).
  const textsReady = useAreas(['safety']);
  if (!textsReady) return null;
  return (
    <Alert variant="error" title={t('safety.trust.verificationRequired')}>
      <p>{(error ? serverMessage(error) : null) ?? t('safety.trust.verificationRequiredBody')}</p>
      <Link
        to={VERIFICATION_TAB}
        className="mt-1 inline-block font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300"
      >
        {t('safety.trust.getVerified')}
      </Link>
    </Alert>
  );
}

/**
 * On a verified-buyers-only listing, told before trying: offers and access requests need a verified
 * account. Hidden for the owner and once the signed-in user is a verified buyer.
 */
export function VerifiedOnlyNotice({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  // Its texts live in the safety catalogue, which the first page does not load (decision 005).
  const textsReady = useAreas(['safety']);
  if (!textsReady) return null;
  return (
    <Alert variant="info" title={t('safety.trust.verifiedOnly')}>
      <p>{t('safety.trust.verifiedOnlyBody')}</p>
      {signedIn ? (
        <Link
          to={VERIFICATION_TAB}
          className="mt-1 inline-block font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-300"
        >
          {t('safety.trust.getVerified')}
        </Link>
      ) : null}
    </Alert>
  );
}
