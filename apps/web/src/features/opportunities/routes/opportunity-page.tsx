import { Link, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import BadgeCheck from 'lucide-react/icons/badge-check';
import MapPin from 'lucide-react/icons/map-pin';
import UsersRound from 'lucide-react/icons/users-round';
import { ReportButton } from '@/components/report-button';
import { OpportunityActionsSlot } from '@/components/opportunity-actions-slot';
import { DealStateBadge, OpportunityLogo } from '@/components/opportunity-card';
import { HydrationSlice } from '@/components/hydration-slice';
import { ErrorState } from '@/components/list-states';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { UnavailableNotice } from '@/components/unavailable-notice';
import { VerifiedOnlyNotice } from '@/components/verification-required';
import { useCurrentUser } from '@/lib/current-user';
import { isApiError } from '@/lib/api-client';
import { formatCurrency, formatDate, formatPercent } from '@/lib/format';
import { excerpt } from '@/lib/excerpt';
import { asLanguage, localized } from '@/lib/localized';
import { useSession } from '@/lib/use-session';
import type { PageHandle } from '@/lib/page-handle';
import { isOpportunityId, parseOpportunityId } from '@/lib/opportunity-id';
import { opportunityKey, opportunityQuery, useOpportunity } from '@/lib/get-opportunity';
import { BookmarkButton, ShareButtons } from '../components/detail/detail-actions';
import { ContactCard } from '../components/detail/contact-card';
import { Documents, Financials, OperationFacts, Section } from '../components/detail/detail-sections';
import { UnderReviewNotice } from '../components/detail/under-review-notice';
import { Gallery } from '../components/detail/gallery';
import { OwnerPanel } from '../components/detail/owner-panel';
import { ListingValuation } from '../components/insights/listing-valuation';

const DESCRIPTION_LENGTH = 160;

/**
 * Rendered on the server for visitors: the listing as an anonymous caller sees it, 404 when it is not
 * public. For a visitor who is signed in the browser loads it (their view has financials).
 */
export const handle: PageHandle = {
  ssr: true,
  formats: ['number', 'date'],
  areas: ['offers', 'chat'],
  prefetch: async ({ queryClient, params, signedInHint }) => {
    const id = parseOpportunityId(params.id);
    if (!isOpportunityId(id)) return { status: 404 };
    if (signedInHint) return;
    await queryClient.prefetchQuery(opportunityQuery(id, null));
    const state = queryClient.getQueryState(opportunityKey(id, null));
    if (state?.status === 'error' && isApiError(state.error) && state.error.status === 404)
      return { status: 404 };
  },
  head: ({ queryClient, params, lang, t }) => {
    const id = parseOpportunityId(params.id);
    const o = isOpportunityId(id) ? queryClient.getQueryData(opportunityQuery(id, null).queryKey) : undefined;
    if (!o)
      return {
        title: `${t('opportunities.detail.notFound')} | ${t('common.appName')}`,
        description: t('opportunities.detail.notFoundBody'),
      };
    const title = localized(o.nameAr, o.name, lang);
    const text = localized(o.descriptionAr, o.description, lang).replace(/\s+/g, ' ').trim();
    const city = localized(o.city.nameAR, o.city.nameEN, lang);
    const amount = formatCurrency(o.requiredAmount, lang);
    return {
      title: `${title} | ${t('common.appName')}`,
      description: excerpt(`${amount} · ${city} · ${text}`, DESCRIPTION_LENGTH),
      image: `/og/opportunities/${o.id}.png`,
      type: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: title,
          description: text,
          category: localized(o.businessType.nameAR, o.businessType.nameEN, lang),
          ...(o.coverImage ? { image: o.coverImage } : {}),
          offers: {
            '@type': 'Offer',
            price: Number(o.requiredAmount),
            priceCurrency: 'SAR',
            availability: 'https://schema.org/InStock',
            availableAtOrFrom: {
              '@type': 'Place',
              address: {
                '@type': 'PostalAddress',
                addressLocality: city,
                addressRegion: localized(o.region.nameAR, o.region.nameEN, lang),
                addressCountry: 'SA',
              },
            },
          },
        },
      ],
    };
  },
};

/**
 * /opportunities/{id} (SPEC.md section 2): gallery, headline facts, description, operation facts,
 * financials and documents (locked for anonymous visitors), and a side column with the price card
 * (bookmark, share), contact and WhatsApp, the actions of other features (offer, chat), advisors and,
 * for the owner, status and edit.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const id = parseOpportunityId(useParams().id);
  const { isSignedIn, isPending: sessionPending } = useSession();
  // Signed out for sure (not a signed-in visitor whose session the server cannot see yet).
  const signedOut = !isSignedIn && !sessionPending;
  const user = useCurrentUser();
  const query = useOpportunity(id);

  if (!isOpportunityId(id)) return <ListingNotFound />;
  if (query.isPending) return <Spinner className="min-h-[50vh]" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <ListingNotFound />;
    return (
      <div className="mx-auto max-w-2xl px-4 py-16">
        <title>{`${t('opportunities.detail.notFound')} | ${t('common.appName')}`}</title>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const o = query.data;
  const title = localized(o.nameAr, o.name, lng);
  const otherTitle = lng === 'ar' ? o.name : o.nameAr;
  const description = localized(o.descriptionAr, o.description, lng);
  const place = `${localized(o.city.nameAR, o.city.nameEN, lng)}${t('listings.card.placeSeparator')}${localized(o.region.nameAR, o.region.nameEN, lng)}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <title>{`${title} | ${t('common.appName')}`}</title>
      <header className="mb-6 flex flex-wrap items-start gap-4">
        <OpportunityLogo logo={o.logo} className="size-16" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {t(`listings.type.${o.type}`)}
            </span>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              {localized(o.businessType.nameAR, o.businessType.nameEN, lng)}
            </span>
            {o.isVerified ? (
              <span className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-700 dark:text-emerald-300">
                <BadgeCheck aria-hidden="true" className="size-4" />
                {t('listings.card.verified')}
              </span>
            ) : null}
            <DealStateBadge state={o.dealState} />
          </div>
          <h1 className="mt-1 text-2xl font-extrabold text-slate-900 sm:text-3xl dark:text-white" dir="auto">
            {title}
          </h1>
          {otherTitle && otherTitle !== title ? (
            // The page's direction places the line beside the title; <bdi> keeps the name's own
            // (dir="auto" on the line sent an Arabic name to the far end of an English header).
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              <bdi lang={lng === 'ar' ? 'en' : 'ar'}>{otherTitle}</bdi>
            </p>
          ) : null}
          <p className="mt-2 flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
            <MapPin aria-hidden="true" className="size-4" />
            {place}
          </p>
        </div>
      </header>
      <UnderReviewNotice o={o} />

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 content-start gap-6">
          <HydrationSlice>
            <Gallery pictures={o.gallery} title={title} />
          </HydrationSlice>
          <Section id="about-title" title={t('opportunities.detail.about')}>
            <p className="leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-200" dir="auto">
              {description}
            </p>
          </Section>
          <Section id="operation-title" title={t('opportunities.detail.operation')}>
            <HydrationSlice>
              <OperationFacts o={o} />
            </HydrationSlice>
          </Section>
          <Section id="financials-title" title={t('opportunities.detail.financials')}>
            <HydrationSlice>
              <Financials o={o} />
              {isSignedIn && !o.financialsLocked ? <ListingValuation id={o.id} own={o.isOwner} /> : null}
            </HydrationSlice>
          </Section>
          <Section id="documents-title" title={t('opportunities.detail.documents')}>
            <HydrationSlice>
              <Documents o={o} />
            </HydrationSlice>
          </Section>
        </div>

        <aside
          aria-label={t('opportunities.detail.sideLabel')}
          className="grid content-start gap-4 lg:sticky lg:top-20 lg:self-start"
        >
          {o.isOwner ? <OwnerPanel o={o} /> : null}
          <section
            aria-labelledby="deal-title"
            className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 id="deal-title" className="sr-only">
              {t('opportunities.detail.deal')}
            </h2>
            <dl className="flex flex-wrap gap-x-8 gap-y-3">
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-400">
                  {t('listings.card.requiredAmount')}
                </dt>
                <dd className="text-lg font-extrabold text-slate-900 dark:text-white">
                  {formatCurrency(o.requiredAmount, lng)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600 dark:text-slate-400">
                  {t('listings.card.offeredPercentage')}
                </dt>
                <dd className="text-lg font-extrabold text-brand-700 dark:text-brand-300">
                  {formatPercent(o.offeredPercentage, lng)}
                </dd>
              </div>
            </dl>
            <ul className="flex flex-wrap gap-2 text-xs font-semibold">
              {o.negotiable ? (
                <li className="rounded-full bg-sky-50 px-2.5 py-1 text-sky-900 dark:bg-sky-950 dark:text-sky-200">
                  {t('opportunities.fields.negotiable')}
                </li>
              ) : null}
              {o.waitForHighestOffer ? (
                <li className="rounded-full bg-violet-50 px-2.5 py-1 text-violet-900 dark:bg-violet-950 dark:text-violet-200">
                  {t('opportunities.fields.waitForHighestOffer')}
                </li>
              ) : null}
              {o.verifiedBuyersOnly ? (
                <li className="rounded-full bg-emerald-50 px-2.5 py-1 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
                  {t('safety.trust.verifiedOnly')}
                </li>
              ) : null}
              <li className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {t('opportunities.detail.listedOn', { date: formatDate(o.createdAt, lng, 'long') })}
              </li>
            </ul>
            <HydrationSlice>
              {/* Bookmarking one's own listing keeps nothing worth keeping. */}
              {o.isOwner ? null : <BookmarkButton id={o.id} isFavorite={o.isFavorite} />}
              <ShareButtons id={o.id} />
              {o.isOwner ? null : <ReportButton targetType="opportunity" targetId={o.id} />}
            </HydrationSlice>
          </section>
          <HydrationSlice>
            <ContactCard o={o} />
          </HydrationSlice>
          {o.verifiedBuyersOnly && !o.isOwner && !user.data?.buyerVerified ? (
            <VerifiedOnlyNotice signedIn={isSignedIn} />
          ) : null}
          <OpportunityActionsSlot
            opportunityId={o.id}
            opportunityName={title}
            status={o.status}
            isOwner={o.isOwner}
            isSignedIn={isSignedIn}
            confidentialDocumentsCount={o.confidentialDocumentsCount}
            access={o.access}
          />
          <Link
            to={`/opportunities/${o.id}/advisors`}
            className={buttonClasses('secondary', 'md')}
            aria-describedby={signedOut ? 'advisors-sign-in' : undefined}
          >
            <UsersRound aria-hidden="true" className="size-5" />
            {t('opportunities.detail.advisors')}
          </Link>
          {signedOut ? (
            <p id="advisors-sign-in" className="-mt-2 text-center text-sm text-slate-600 dark:text-slate-400">
              {t('opportunities.detail.advisorsSignIn')}
            </p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** A listing that does not exist or is not public (the server answers this page with 404). */
function ListingNotFound() {
  const { t } = useTranslation();
  return (
    <UnavailableNotice
      title={t('opportunities.detail.notFound')}
      body={t('opportunities.detail.notFoundBody')}
      to="/search"
      action={t('opportunities.detail.backToSearch')}
    />
  );
}
