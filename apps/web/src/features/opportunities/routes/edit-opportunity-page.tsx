import { Link, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { ErrorState } from '@/components/list-states';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { localized, asLanguage } from '@/lib/localized';
import { useSession } from '@/lib/use-session';
import { useOpportunity } from '@/lib/get-opportunity';
import { isOpportunityId, parseOpportunityId } from '@/lib/opportunity-id';
import { UnavailableNotice } from '@/components/unavailable-notice';
import { draftKey } from '../components/wizard/draft';
import { OpportunityWizard } from '../components/wizard/opportunity-wizard';
import { valuesFromDetail } from '../components/wizard/wizard-values';

/** /opportunities/{id}/edit: the owner's listing in the wizard; saving sends it back to review. */
export function Component() {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const id = parseOpportunityId(useParams().id);
  const { user } = useSession();
  const query = useOpportunity(id);

  // /opportunities/abc/edit: no listing to ask for (the query never runs, so it would spin for ever).
  if (!isOpportunityId(id)) {
    return (
      <UnavailableNotice
        title={t('opportunities.detail.notFound')}
        body={t('opportunities.detail.notFoundBody')}
        to="/search"
        action={t('opportunities.detail.backToSearch')}
      />
    );
  }

  let body;
  if (query.isPending) body = <Spinner className="min-h-[40vh]" />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data.isOwner) {
    body = (
      <Alert variant="error" title={t('opportunities.wizard.notOwnerTitle')}>
        <p>{t('opportunities.wizard.notOwner')}</p>
        <Link to={`/opportunities/${id}`} className={buttonClasses('secondary', 'sm', 'mt-3')}>
          {t('opportunities.wizard.backToListing')}
        </Link>
      </Alert>
    );
  } else {
    body = (
      <OpportunityWizard
        opportunityId={id}
        initial={valuesFromDetail(query.data)}
        approved={query.data.status === 'approved'}
        draftKey={draftKey(user?.id ?? null, id)}
      />
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('opportunities.wizard.editTitle')} | ${t('common.appName')}`}</title>
      <h1 className="text-3xl font-extrabold text-slate-900 dark:text-white">
        {t('opportunities.wizard.editTitle')}
      </h1>
      {query.data ? (
        <p className="mt-2 mb-8 text-slate-600 dark:text-slate-400" dir="auto">
          {localized(query.data.nameAr, query.data.name, lng)}
        </p>
      ) : (
        <div className="mb-8" />
      )}
      {body}
    </div>
  );
}
