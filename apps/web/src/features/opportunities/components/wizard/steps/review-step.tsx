import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import Pencil from 'lucide-react/icons/pencil';
import { OpportunityLogo } from '@/components/opportunity-card';
import { Button } from '@/components/ui/button';
import { citiesOfRegion, useCities } from '@/lib/cities';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@/lib/format';
import { lookupName, useLookup, type LookupKind } from '@/lib/lookups';
import { asLanguage } from '@/lib/localized';
import type { FileMeta, StepKey, WizardValues } from '../wizard-values';

function useLookupName(kind: LookupKind, id: number | null | undefined) {
  const { i18n } = useTranslation();
  const list = useLookup(kind);
  const item = list.data?.find((entry) => entry.id === id);
  return item ? lookupName(item, asLanguage(i18n.language)) : '';
}

/** The review before submitting: every step's values, each with a way back to change them. */
export function ReviewStep({
  values: v,
  meta,
  onEdit,
}: {
  values: WizardValues;
  meta: FileMeta;
  onEdit: (step: StepKey) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const cities = useCities();
  const businessType = useLookupName('business-types', v.businessTypeId as number | undefined);
  const region = useLookupName('regions', v.regionId as number | undefined);
  const companyAge = useLookupName('company-ages', v.companyAgeId as number | null | undefined);
  const companySize = useLookupName('company-sizes', v.companySizeId as number | null | undefined);
  const city = citiesOfRegion(cities.data, null).find((c) => c.id === v.cityId);
  const dash = t('opportunities.detail.notGiven');
  const num = (value: unknown) =>
    value === null || value === undefined || value === '' ? dash : formatNumber(value as number, lng);
  const yesNo = (value: unknown) => t(value ? 'opportunities.wizard.yes' : 'opportunities.wizard.no');

  // The third element marks the owner's own text, which reads in its own direction (an English
  // description inside the Arabic review, an Arabic one inside the English).
  const group = (step: StepKey, items: Array<[string, ReactNode, 'user'?]>, extra?: ReactNode) => (
    <section
      aria-labelledby={`review-${step}`}
      className="rounded-2xl border border-slate-200 p-5 dark:border-slate-700"
    >
      <div className="mb-4 flex items-center justify-between gap-2">
        <h3 id={`review-${step}`} className="font-bold text-slate-900 dark:text-white">
          {t(`opportunities.wizard.steps.${step}`)}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onEdit(step)}
          aria-label={t('opportunities.wizard.editStep', { step: t(`opportunities.wizard.steps.${step}`) })}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('opportunities.wizard.edit')}
        </Button>
      </div>
      {extra}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {items.map(([label, value, user]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd
              className="font-medium break-words whitespace-pre-line text-slate-900 dark:text-white"
              dir={user && value ? 'auto' : undefined}
            >
              {value || dash}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );

  return (
    <div className="grid gap-4">
      {group(
        'basicInfo',
        [
          [t('opportunities.fields.nameAr'), v.nameAr, 'user'],
          [t('opportunities.fields.name'), v.name, 'user'],
          [t('opportunities.fields.type'), v.type ? t(`listings.type.${v.type}`) : ''],
          [t('opportunities.fields.businessTypeId'), businessType],
          [t('opportunities.fields.descriptionAr'), v.descriptionAr, 'user'],
          [t('opportunities.fields.description'), v.description, 'user'],
        ],
        v.logo ? <OpportunityLogo logo={v.logo} className="mb-4 size-16" /> : null,
      )}
      {group('location', [
        [t('opportunities.fields.regionId'), region],
        [t('opportunities.fields.cityId'), city ? lookupName(city, lng) : ''],
      ])}
      {group('operationDetails', [
        [t('opportunities.fields.facilitySize'), num(v.facilitySize)],
        [
          t('opportunities.fields.facilityFoundationDay'),
          formatDate(v.facilityFoundationDay as string | undefined, lng, 'long'),
        ],
        [t('opportunities.fields.employeesCount'), num(v.employeesCount)],
        [t('opportunities.fields.branchesCount'), num(v.branchesCount)],
        [t('opportunities.fields.companyAgeId'), companyAge],
        [t('opportunities.fields.companySizeId'), companySize],
      ])}
      {group('financialInfo', [
        [
          t('opportunities.fields.offeredPercentage'),
          formatPercent(v.offeredPercentage as number | undefined, lng),
        ],
        [
          t('opportunities.fields.requiredAmount'),
          formatCurrency(v.requiredAmount as number | undefined, lng),
        ],
        [t('opportunities.fields.yearlySales'), formatCurrency(v.yearlySales as number | undefined, lng)],
        [
          t('opportunities.fields.yearlyOperationalCost'),
          formatCurrency(v.yearlyOperationalCost as number | undefined, lng),
        ],
        [t('opportunities.fields.ebitda'), formatCurrency(v.ebitda as number | undefined, lng)],
        [
          t('opportunities.fields.expectedYearProfitPercentage'),
          formatPercent(v.expectedYearProfitPercentage as number | undefined, lng),
        ],
        [t('opportunities.fields.negotiable'), yesNo(v.negotiable)],
        [t('opportunities.fields.waitForHighestOffer'), yesNo(v.waitForHighestOffer)],
        [t('opportunities.fields.verifiedBuyersOnly'), yesNo(v.verifiedBuyersOnly)],
      ])}
      {group(
        'documents',
        [
          [t('opportunities.fields.images'), num(v.images?.length ?? 0)],
          [
            t('opportunities.fields.documents'),
            (v.documents ?? [])
              .map((d) => (d.confidential ? `${d.name} (${t('opportunities.wizard.confidential')})` : d.name))
              .join('\n'),
          ],
        ],
        v.images?.length ? (
          <ul className="mb-4 flex flex-wrap gap-2">
            {v.images.map((url) => (
              <li key={url}>
                <img
                  src={meta.images[url]?.thumbnailUrl ?? url}
                  alt=""
                  className="h-16 w-24 rounded-lg object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null,
      )}
      {group('contactInfo', [
        [t('opportunities.fields.contactMemberName'), v.contactMemberName, 'user'],
        [t('opportunities.fields.contactPhone'), v.contactPhone ? <bdi dir="ltr">{v.contactPhone}</bdi> : ''],
        [t('opportunities.fields.contactEmail'), v.contactEmail ? <bdi dir="ltr">{v.contactEmail}</bdi> : ''],
        [t('opportunities.fields.extraDetails'), v.extraDetails, 'user'],
      ])}
    </div>
  );
}
