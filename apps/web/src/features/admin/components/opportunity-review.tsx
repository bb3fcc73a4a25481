import { useLanguage, useTranslation } from '@/lib/use-translation';
import FileText from 'lucide-react/icons/file-text';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import { formatCurrency, formatDate, formatNumber, formatPercent } from '@/lib/format';
import { DetailList } from './detail-list';
import { nameIn } from './opportunity-names';
import { Card } from '@/components/ui/card';
import { FileName } from '@/components/ui/file-name';

/** Every field of a listing for review: texts in both languages, place, operation, money, contact, files. */
export function OpportunityReview({ o }: { o: OpportunityDetail }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const yes = (value: boolean) => t(value ? 'admin.review.yes' : 'admin.review.no');
  const money = (value: number | undefined) => (value === undefined ? null : formatCurrency(value, lng));
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? null : formatNumber(value, lng);

  return (
    <div className="grid gap-4">
      <Card as="section" className="grid gap-4 p-4 lg:grid-cols-2">
        <div lang="ar" dir="rtl" className="grid content-start gap-2">
          <h2 className="text-sm font-bold text-slate-600 dark:text-slate-400">{t('admin.review.arabic')}</h2>
          <p className="text-lg font-bold text-slate-900 dark:text-white" dir="auto">
            {o.nameAr}
          </p>
          <p className="leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300" dir="auto">
            {o.descriptionAr}
          </p>
        </div>
        <div lang="en" dir="ltr" className="grid content-start gap-2">
          <h2 className="text-sm font-bold text-slate-600 dark:text-slate-400">
            {t('admin.review.english')}
          </h2>
          <p className="text-lg font-bold text-slate-900 dark:text-white" dir="auto">
            {o.name}
          </p>
          <p className="leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300" dir="auto">
            {o.description}
          </p>
        </div>
      </Card>

      <div className="grid gap-4 xl:grid-cols-2">
        <DetailList
          title={t('admin.review.basics')}
          items={[
            [t('admin.review.type'), t(`admin.review.types.${o.type}`)],
            [t('admin.review.businessType'), nameIn(o.businessType, lng)],
            [
              t('admin.review.place'),
              t('admin.moderation.place', { city: nameIn(o.city, lng), region: nameIn(o.region, lng) }),
            ],
            [t('admin.review.companyAge'), o.companyAge ? nameIn(o.companyAge, lng) : null],
            [t('admin.review.companySize'), o.companySize ? nameIn(o.companySize, lng) : null],
            [t('admin.review.founded'), formatDate(o.facilityFoundationDay, lng)],
            [t('admin.review.workers'), count(o.facilitySize)],
            [t('admin.review.employees'), count(o.employeesCount)],
            [t('admin.review.branches'), count(o.branchesCount)],
            [t('admin.review.created'), formatDate(o.createdAt, lng)],
            [t('admin.review.updated'), formatDate(o.updatedAt, lng)],
          ]}
        />
        <DetailList
          title={t('admin.review.financials')}
          items={[
            [t('admin.moderation.amount'), money(o.requiredAmount)],
            [t('admin.moderation.offered'), formatPercent(o.offeredPercentage, lng)],
            [t('admin.review.negotiable'), yes(o.negotiable)],
            [t('admin.review.waitForHighest'), yes(o.waitForHighestOffer)],
            [t('admin.review.ebitda'), money(o.ebitda)],
            [t('admin.review.yearlySales'), money(o.yearlySales)],
            [t('admin.review.yearlyCost'), money(o.yearlyOperationalCost)],
            [
              t('admin.review.expectedProfit'),
              o.expectedYearProfitPercentage === undefined
                ? null
                : formatPercent(o.expectedYearProfitPercentage, lng),
            ],
            [t('admin.review.favorites'), count(o.favoritesCount)],
          ]}
        />
        <DetailList
          title={t('admin.review.contact')}
          items={[
            [t('admin.review.contactName'), o.contactMemberName],
            [t('admin.review.contactPhone'), o.contactPhone ? <bdi dir="ltr">{o.contactPhone}</bdi> : null],
            [t('admin.review.contactEmail'), o.contactEmail ? <bdi dir="ltr">{o.contactEmail}</bdi> : null],
            [
              t('admin.review.extraDetails'),
              o.extraDetails ? (
                <span className="block whitespace-pre-line" dir="auto">
                  {o.extraDetails}
                </span>
              ) : null,
            ],
          ]}
        />
        <Card as="section" className="grid content-start gap-3 p-4">
          <h2 className="font-bold text-slate-900 dark:text-white">{t('admin.review.documents')}</h2>
          {o.documents && o.documents.length > 0 ? (
            <ul className="grid gap-2">
              {o.documents.map((doc) => (
                <li key={doc.url}>
                  <a
                    href={doc.url}
                    className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
                  >
                    <FileText aria-hidden="true" className="size-4" />
                    <FileName name={doc.name} />
                    <span className="font-normal text-slate-600 dark:text-slate-400">
                      ({formatNumber(Math.ceil(doc.size / 1024), lng)} KB)
                    </span>
                  </a>
                  {doc.confidential ? (
                    <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                      {t('admin.review.confidential')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.review.noDocuments')}</p>
          )}
        </Card>
      </div>

      <Card as="section" className="grid gap-3 p-4">
        <h2 className="font-bold text-slate-900 dark:text-white">{t('admin.review.images')}</h2>
        {o.logo || o.gallery.length > 0 ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {o.logo ? (
              <li className="grid gap-1">
                <a
                  href={o.logo}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800"
                >
                  <img
                    src={o.logo}
                    alt={t('admin.review.logoOf', { name: lng === 'en' ? o.name : o.nameAr })}
                    className="aspect-square w-full object-contain"
                    loading="lazy"
                  />
                </a>
                <span className="text-xs text-slate-600 dark:text-slate-400">{t('admin.review.logo')}</span>
              </li>
            ) : null}
            {o.gallery.map((image, index) => (
              <li key={image.url}>
                <a
                  href={image.url}
                  target="_blank"
                  rel="noreferrer"
                  className="block overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800"
                >
                  <img
                    src={image.thumbnailUrl ?? image.url}
                    alt={t('admin.review.imageOf', { n: index + 1, name: lng === 'en' ? o.name : o.nameAr })}
                    className="aspect-[3/2] w-full object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('admin.review.noImages')}</p>
        )}
      </Card>
    </div>
  );
}
