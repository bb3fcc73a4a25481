import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import LogIn from 'lucide-react/icons/log-in';
import type { Offer, OfferDetailsValues } from '@safqa/shared/validation/offers';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { loginPathFor } from '@/lib/auth-redirect';
import { useCurrentUser } from '@/lib/current-user';
import { formatNumber } from '@/lib/format';
import { useAreas } from '@/lib/use-areas';
import { useSession } from '@/lib/use-session';
import { Spinner } from '@/components/ui/spinner';
import { useMyLatestOffer } from '../api/get-my-offers';
import { LatestOffer } from './latest-offer';
import type { OfferDetails } from './offer-details-step';

// The steps carry the form library and the offer schemas (zod): a visitor who is signed out only
// sees the invitation to sign in, so the listing page does not make them download either.
const OfferDetailsStep = lazy(() => {
  void import('./offer-code-step'); // the next step, fetched while the first is filled in
  return import('./offer-details-step').then((m) => ({ default: m.OfferDetailsStep }));
});
const OfferCodeStep = lazy(() => import('./offer-code-step').then((m) => ({ default: m.OfferCodeStep })));

export interface OfferFormProps {
  opportunityId: number;
  /** Owners cannot offer on their own opportunity: the form is not shown to them. */
  isOwner: boolean;
  className?: string;
}

type Step =
  | { name: 'details'; serverErrors?: Partial<Record<keyof OfferDetailsValues, string>> }
  | { name: 'code'; details: OfferDetails }
  | { name: 'done'; offer: Offer };

/**
 * The offer form of the opportunity page (SPEC.md sections 2 and 5): the details, then the emailed
 * one-time code, then a confirmation. Signed out it invites to sign in; for the owner it renders nothing.
 */
export function OfferForm({ opportunityId, isOwner, className }: OfferFormProps) {
  const ready = useAreas(['offers']);
  const { t } = useTranslation();
  const lng = useLanguage();
  const location = useLocation();
  const { isSignedIn } = useSession();
  const { data: user } = useCurrentUser();
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [values, setValues] = useState<OfferDetailsValues | null>(null);
  // An investor who already offered sees that offer, not a blank form, until they ask for another.
  const [another, setAnother] = useState(false);
  const latest = useMyLatestOffer(opportunityId, isSignedIn && !isOwner);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (another) heading.current?.focus();
  }, [another]);
  // Back to the details or on to the confirmation: the step that had the focus is gone, so the
  // keyboard goes to the form's heading (the code step puts it on its own first field).
  const shownStep = useRef(step.name);
  useEffect(() => {
    if (shownStep.current === step.name) return;
    shownStep.current = step.name;
    if (step.name !== 'code') heading.current?.focus();
  }, [step.name]);

  if (isOwner || !ready) return null;
  const mine = latest.data?.data[0];
  const showLatest = isSignedIn && step.name === 'details' && !another && mine !== undefined;
  const checking = isSignedIn && step.name === 'details' && !another && latest.isPending;
  const defaults: OfferDetailsValues = values ?? {
    name: user?.username ?? '',
    phone: user?.phoneNumber ?? '',
    reasons: { wantsOffer: false, knowRegulations: false, moreFinancial: false, moreOperational: false },
    message: '',
    amount: null,
  };
  const stepNumber = step.name === 'details' ? 1 : 2;

  return (
    <section
      aria-labelledby="offer-form-title"
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900 ${className ?? ''}`}
    >
      <h2
        ref={heading}
        tabIndex={-1}
        id="offer-form-title"
        className="text-xl font-bold text-slate-900 focus:outline-none dark:text-white"
      >
        {showLatest ? t('offers.latest.title') : t('offers.form.title')}
      </h2>
      {!isSignedIn ? (
        <div className="mt-4 grid gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('offers.form.signInBody')}</p>
          <div>
            <Link
              to={loginPathFor(location)}
              state={{ from: location }}
              className={buttonClasses('primary', 'lg')}
            >
              <LogIn aria-hidden="true" className="size-5 rtl:-scale-x-100" />
              {t('offers.form.signIn')}
            </Link>
          </div>
        </div>
      ) : checking ? (
        <Spinner className="mt-4 p-4" />
      ) : showLatest ? (
        <LatestOffer
          offer={mine}
          total={latest.data?.pagination.total ?? 1}
          onAnother={() => setAnother(true)}
        />
      ) : step.name === 'done' ? (
        <div className="mt-4 grid gap-4">
          <Alert variant="success" title={t('offers.form.successTitle')}>
            {t('offers.form.success')}
          </Alert>
          <div>
            <Link to="/profile/my-offers" className={buttonClasses('secondary', 'md')}>
              {t('offers.form.viewMine')}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('offers.form.intro')}</p>
          <p className="mt-4 text-xs font-semibold tracking-wide text-brand-700 dark:text-brand-300">
            {t('offers.form.stepOf', { step: formatNumber(stepNumber, lng), total: formatNumber(2, lng) })}
            {' · '}
            {stepNumber === 1 ? t('offers.form.stepDetails') : t('offers.form.stepCode')}
          </p>
          <Suspense fallback={<Spinner className="mt-4 p-4" />}>
            <div className="mt-4">
              {step.name === 'details' ? (
                <OfferDetailsStep
                  key={user?.id ?? 'anonymous'}
                  defaultValues={defaults}
                  serverErrors={step.serverErrors}
                  onNext={(details, raw) => {
                    setValues(raw);
                    setStep({ name: 'code', details });
                  }}
                />
              ) : (
                <OfferCodeStep
                  opportunityId={opportunityId}
                  details={step.details}
                  defaultEmail={user?.email ?? ''}
                  onBack={(serverErrors) => setStep({ name: 'details', serverErrors })}
                  onDone={(offer) => {
                    setValues(null);
                    setAnother(false);
                    setStep({ name: 'done', offer });
                  }}
                />
              )}
            </div>
          </Suspense>
        </>
      )}
    </section>
  );
}
