import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/lib/use-session';
import { draftKey } from '../components/wizard/draft';
import { OpportunityWizard } from '../components/wizard/opportunity-wizard';
import { EMPTY_META, EMPTY_VALUES } from '../components/wizard/wizard-values';

/** /opportunities/add: a new listing through the six steps and the review; it starts pending. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{`${t('opportunities.wizard.addTitle')} | ${t('common.appName')}`}</title>
      <h1 className="text-3xl font-extrabold text-slate-900 dark:text-white">
        {t('opportunities.wizard.addTitle')}
      </h1>
      <p className="mt-2 mb-8 text-slate-600 dark:text-slate-400">{t('opportunities.wizard.addSubtitle')}</p>
      <OpportunityWizard
        opportunityId={null}
        initial={{ values: EMPTY_VALUES, meta: EMPTY_META }}
        approved={false}
        draftKey={draftKey(user?.id ?? null, null)}
      />
    </div>
  );
}
