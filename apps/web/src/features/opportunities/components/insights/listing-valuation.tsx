import { useTranslation } from '@/lib/use-translation';
import { Spinner } from '@/components/ui/spinner';
import { useListingValuation } from '../../api/get-valuation';
import { ValuationPanel } from './valuation-panel';

/**
 * The detail page's valuation check, beside the financials (signed-in callers only). The owner reads
 * it about their own price; anyone else about the price asked of them, so the title says whose it is.
 */
export function ListingValuation({ id, own }: { id: number; own: boolean }) {
  const { t } = useTranslation();
  const valuation = useListingValuation(id, true);
  return (
    <section
      aria-labelledby="valuation-title"
      className="mt-6 grid gap-3 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h3 id="valuation-title" className="font-bold text-slate-900 dark:text-white">
        {own ? t('insights.valuation.titleOwn') : t('insights.valuation.titleOther')}
      </h3>
      {valuation.isPending ? (
        <Spinner className="h-24" label={t('insights.valuation.checking')} />
      ) : valuation.isError ? (
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
          {t('insights.valuation.loadFailed')}
        </p>
      ) : (
        <ValuationPanel valuation={valuation.data} />
      )}
    </section>
  );
}
